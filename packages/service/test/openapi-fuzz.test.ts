import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import {
  call,
  createTenant,
  expectLedgerInvariant,
  startTestService,
  type Response,
  type TestService,
} from './helpers.js';
import { systemContextOf } from '../src/domains/context.js';
import { generateReport } from '../src/domains/reports/index.js';
import { anything, brokenOf, validOf, type Known } from './fuzz/schema-arbitrary.js';
import { expectDocumentedError, expectDocumentedSuccess, type Operation } from './fuzz/documented-answers.js';
import { fundedUser, operatorOpen, sessionFor } from './trading-helpers.js';

/**
 * Requests for every operator route, generated from the OpenAPI document the service serves (issue 14,
 * part 4): well-formed ones from each route's schemas and broken ones (a field dropped, replaced or
 * added, another value entirely, bodies that are not JSON, odd path and query values, missing or wrong
 * credentials). Every answer must be below 500; an error must be the envelope with a code the route
 * documents under that status; a 2xx must match its response schema; a refusal must change nothing the
 * tenant owns. A fixed budget of requests per route keeps the run short (RUNS_PER_ROUTE, both kinds).
 */

/** Runs per route and kind; FUZZ_RUNS=200 npx vitest run test/openapi-fuzz.test.ts for a longer hunt. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS) || 12;
/** A fixed seed, so that CI sends the same requests every run; FUZZ_SEED=<n> explores others. */
const SEED = Number(process.env.FUZZ_SEED) || 20261123;

/** Routes not fuzzed here, and why. */
const LEFT_OUT: Record<string, string> = {
  'GET /v1/widget/stream': 'an endless event stream; widget-stream.test.ts covers its refusals',
};
const isFuzzed = (method: string, path: string) =>
  path.startsWith('/v1/') && !(`${method.toUpperCase()} ${path}` in LEFT_OUT);

/** Query values only the service hands out (a page's next_cursor, an event's id): never valid when made up. */
const OPAQUE = new Set(['cursor', 'after']);

interface Fixture {
  apiKey: string;
  sessionToken: string;
  tenantId: string;
  /** Values a path parameter may take besides generated ones: things that exist for this tenant. */
  known: Known;
  /** Body values of one route in place of those of known (a sandbox test market's own outcomes). */
  knownByRoute: Record<string, Known>;
  /**
   * The ids that exist, by route or else by the resource a path names (/v1/<resource>/{id}): an order's id
   * for an order's route.
   */
  ids: Record<string, string[]>;
}

interface FuzzRequest {
  path: string;
  query: string;
  headers: Record<string, string>;
  /** A JSON value, or raw text that may not be JSON at all. */
  body: { json: unknown } | { raw: string } | null;
}

let database: ScratchDatabase;
let service: TestService;
let fixture: Fixture;
let operations: Operation[];

beforeAll(async () => {
  // A database of its own: other files' workers (order expiry, sweeps) act on every tenant, and would
  // change this tenant's state between a refusal's before and after.
  database = await createDatabaseOn(inject('databaseUrl'), `pm_fuzz_${process.pid}_${Date.now()}`);
  service = await startTestService({ env: { DATABASE_URL: database.url } });
  const tenant = await createTenant(service);
  // Far above what the run sends, so that the limiter does not hide the routes behind 429.
  const raised = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/rate-limits`, {
    balance_sync: 1_000_000,
    positions: 1_000_000,
    default: 1_000_000,
  });
  expect(raised.status, raised.text).toBe(200);
  const slug = `fuzz-${process.pid}-${Date.now()}`;
  const hour = 3_600_000;
  const now = service.deps.clock.now().getTime();
  const market = await service.platform('POST', '/platform/v1/markets', {
    slug,
    title: 'Fuzz market',
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: new Date(now - hour).toISOString(),
    closes_at: new Date(now + 24 * hour).toISOString(),
    max_stake_per_position: '50.00',
    max_open_stake_per_user: '80.00',
    liquidity: '100',
    sandbox_influence: null, // the fixture trusts its own sandbox traffic
  });
  expect(market.status, market.text).toBe(201);
  expect((await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/markets/${slug}`)).status).toBe(200);
  const user = await fundedUser(service, tenant.sandboxKey, 'fuzz');
  const opened = await operatorOpen(service, tenant.sandboxKey, market.json, user);
  const order = await call(service.urls.sandbox, 'POST', '/v1/orders', {
    key: tenant.sandboxKey,
    idempotencyKey: randomUUID(),
    body: {
      external_user_id: user,
      market_slug: slug,
      outcome_id: market.json.outcomes[0].id,
      stake: '1.00',
      limit_price: '0.01',
    },
  });
  expect(order.status, order.text).toBe(201);
  const ticket = await call(service.urls.sandbox, 'POST', '/v1/support-tickets', {
    key: tenant.sandboxKey,
    idempotencyKey: randomUUID(),
    body: { subject: 'Fuzz', body: 'A ticket for the fuzzer to read and answer.' },
  });
  expect(ticket.status, ticket.text).toBe(201);
  const report = await call(service.urls.sandbox, 'POST', '/v1/reports', {
    key: tenant.sandboxKey,
    idempotencyKey: randomUUID(),
    body: { report_type: 'balances', format: 'csv' },
  });
  expect(report.status, report.text).toBe(202);
  // Generated here, as the job would (this service runs no jobs: they would change the tenant's state
  // between a refusal's before and after), so that its download route has something to send.
  await generateReport(systemContextOf(service.deps, 'fuzz'), report.json.id);
  // A secret to sign test events with (POST /v1/webhooks/test); the loop sets the webhook_url before each route.
  const secret = await service.platform(
    'POST',
    `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox/webhook-secret`,
  );
  expect(secret.status, secret.text).toBe(201);
  // A position of its own for the close route, which ends it: the other position routes keep theirs open.
  const closable = await operatorOpen(service, tenant.sandboxKey, market.json, user);
  // A sandbox test market of its own for each settlement route (resolve, void, correct), each with a
  // position to settle; the one to correct is resolved already.
  const testMarkets: Record<string, { slug: string; outcomes: { id: string }[] }> = {};
  for (const action of ['resolve', 'void', 'corrections']) {
    const created = await call(service.urls.sandbox, 'POST', '/v1/sandbox/markets', {
      key: tenant.sandboxKey,
      idempotencyKey: randomUUID(),
      body: { title: `Fuzz ${action}`, outcomes: ['Yes', 'No'] },
    });
    expect(created.status, created.text).toBe(201);
    await operatorOpen(service, tenant.sandboxKey, created.json, user);
    testMarkets[action] = created.json;
  }
  const resolved = await call(
    service.urls.sandbox,
    'POST',
    `/v1/sandbox/markets/${testMarkets.corrections!.slug}/resolve`,
    {
      key: tenant.sandboxKey,
      idempotencyKey: randomUUID(),
      body: { outcome_id: testMarkets.corrections!.outcomes[0]!.id },
    },
  );
  expect(resolved.status, resolved.text).toBe(200);
  fixture = {
    apiKey: tenant.sandboxKey,
    sessionToken: await sessionFor(service, tenant.sandboxKey, user),
    tenantId: tenant.tenantId,
    ids: {
      '/v1/positions/{id}/close': [closable.id],
      positions: [opened.id],
      orders: [order.json.id],
      'support-tickets': [ticket.json.id],
      reports: [report.json.id],
      ...Object.fromEntries(
        Object.entries(testMarkets).map(([action, m]) => [`/v1/sandbox/markets/{slug}/${action}`, [m.slug]]),
      ),
    },
    knownByRoute: Object.fromEntries(
      Object.entries(testMarkets).map(([action, m]) => [
        `/v1/sandbox/markets/{slug}/${action}`,
        { outcome_id: m.outcomes.map((o) => o.id) },
      ]),
    ),
    known: {
      external_user_id: [user],
      slug: [slug],
      market_slug: [slug],
      outcome_id: market.json.outcomes.map((o: { id: string }) => o.id),
      id: [opened.id, order.json.id, ticket.json.id, report.json.id],
      // Amounts and prices that pass the market's caps and the price now, beside any the pattern allows.
      stake: ['1.00', '2.50'],
      max_price: ['0.99', '1'],
      limit_price: ['0.01', '0.50'],
    },
  };
  const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
  operations = Object.entries<Record<string, Omit<Operation, 'method' | 'path'>>>(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => (isFuzzed(method, path) ? [{ ...op, method, path }] : [])),
  );
}, 60_000);

afterAll(async () => {
  try {
    // Absent when the setup failed; the database goes either way.
    if (fixture) await expectLedgerInvariant(service.db, fixture.tenantId);
  } finally {
    await service?.stop();
    await database?.drop();
  }
});

describe('requests generated from /v1/openapi.json', () => {
  it('covers every operator route but those left out, each for a reason', () => {
    expect(operations.length).toBeGreaterThan(35);
  });

  for (const kind of ['well-formed', 'broken'] as const) {
    it(
      `${kind}: never 5xx, errors in the envelope with a documented code, 2xx as documented, refusals change nothing`,
      async () => {
        // Every route runs its budget even when another failed, so that one run lists every route at fault.
        const failures: string[] = [];
        const answered = new Set<string>();
        for (const op of operations) {
          // A user and session of its own for each route: the widget tiers count per end user (10 a minute
          // for some), and one route's budget must not spend the next one's.
          const user = await fundedUser(service, fixture.apiKey, 'fuzz');
          // PUT /v1/users may have blocked the known user; the next route should find it active.
          const active = await call(service.urls.sandbox, 'PUT', `/v1/users/${fixture.known.external_user_id![0]}`, {
            key: fixture.apiKey,
            body: { status: 'active' },
          });
          expect(active.status, active.text).toBeLessThan(300);
          // PUT /v1/users/{id}/limits may have set the known user a break or a limit of 0.00, which the API
          // can only extend: the fixture's own reset, so the next route finds the user free to trade.
          await sql`delete from user_limits where tenant_id = ${fixture.tenantId}`.execute(service.db);
          // PUT /v1/tenant/settings may have cleared the webhook_url, which a test event needs (no worker sends it).
          const hooked = await service.platform(
            'PUT',
            `/platform/v1/tenants/${fixture.tenantId}/environments/sandbox`,
            {
              webhook_url: 'https://hooks.example.com/fuzz',
            },
          );
          expect(hooked.status, hooked.text).toBe(200);
          fixture.sessionToken = await sessionFor(service, fixture.apiKey, user);
          await fc
            .assert(
              fc.asyncProperty(requestOf(op, kind), async (request) => {
                const before = await tenantState();
                const res = await send(op, request);
                const context = `${op.method.toUpperCase()} ${request.path}${request.query} ${JSON.stringify(request.body)} → ${res.status} ${res.text.slice(0, 300)}`;
                expect(res.status, context).toBeLessThan(500);
                if (res.status >= 400) {
                  expectDocumentedError(op, res, context);
                  expect(await tenantState(), `state changed by a refusal: ${context}`).toEqual(before);
                } else {
                  expectDocumentedSuccess(op, res, context);
                  answered.add(`${op.method.toUpperCase()} ${op.path}`);
                }
              }),
              { numRuns: RUNS_PER_ROUTE, seed: SEED + operations.indexOf(op) },
            )
            .catch((error: Error) => {
              const cause = error.cause instanceof Error ? error.cause.message : '';
              failures.push(
                `${op.method.toUpperCase()} ${op.path}: ${cause.slice(0, 1200)}\n${error.message.slice(0, 600)}`,
              );
            });
        }
        expect(failures, failures.join('\n\n')).toEqual([]);
        // Well-formed requests must reach the routes' work, not only their refusals.
        const unanswered = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).filter((n) => !answered.has(n));
        if (kind === 'well-formed') expect(unanswered, 'well-formed routes never answered 2xx').toEqual([]);
      },
      60_000 + RUNS_PER_ROUTE * 4_000,
    );
  }
});

/** A request for the operation: well-formed from its schemas, or broken somewhere. */
function requestOf(op: Operation, kind: 'well-formed' | 'broken'): fc.Arbitrary<FuzzRequest> {
  const broken = kind === 'broken';
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const bodySchema = op.requestBody?.content['application/json']?.schema;

  const path = fc
    .tuple(
      ...pathParams.map((p) =>
        fc.oneof(
          { arbitrary: fc.constantFrom(...knownFor(op, p.name)), weight: broken ? 1 : 3 },
          { arbitrary: validOf(p.schema).map(String), weight: 1 },
          { arbitrary: anything.map(asText), weight: broken ? 2 : 0 },
        ),
      ),
    )
    .map((values) =>
      pathParams.reduce(
        (text, p, i) => text.replace(`{${p.name}}`, encodeURIComponent(values[i]!) || 'empty'),
        op.path,
      ),
    );
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        broken
          ? fc.option(fc.oneof(validOf(p.schema), anything), { freq: 1 })
          : OPAQUE.has(p.name)
            ? fc.constant(null)
            : fc.option(validOf(p.schema), { freq: 1 }),
      ),
    )
    .map((values) => {
      const search = new URLSearchParams();
      queryParams.forEach((p, i) => values[i] !== null && search.set(p.name, asText(values[i])));
      const text = search.toString();
      return text ? `?${text}` : '';
    });
  const headers = fc
    .tuple(
      credentialOf(op, broken),
      ...headerParams.map((p) =>
        broken ? fc.option(fc.oneof(validOf(p.schema), anything).map(asText)) : validOf(p.schema).map(asText),
      ),
    )
    .map(([authorization, ...values]) => {
      const all: Record<string, string> = authorization ? { authorization } : {};
      headerParams.forEach((p, i) => values[i] !== null && (all[p.name] = headerSafe(values[i]!)));
      return all;
    });
  const body: fc.Arbitrary<FuzzRequest['body']> = !bodySchema
    ? fc.constant(null)
    : broken
      ? fc.oneof(
          brokenOf(bodySchema, knownBody(op)).map((json) => ({ json })),
          fc.constantFrom('{', '', 'null', '[1,2', '{"a":}', '\u0000', '{"stake":1e999}').map((raw) => ({ raw })),
          fc.string({ maxLength: 40 }).map((raw) => ({ raw })),
        )
      : validOf(bodySchema, knownBody(op)).map((json) => ({ json }));
  const request = fc.record({ path, query, headers, body });
  return broken ? request : request.map(asSessionUser);
}

const knownBody = (op: Operation): Known => ({ ...fixture.known, ...fixture.knownByRoute[op.path] });

/** The values known to exist for a path parameter of the route: its resource's ids for `id` (its own slug for a sandbox test market's). */
function knownFor(op: Operation, name: string): readonly string[] {
  const ids = fixture.ids[op.path] ?? fixture.ids[op.path.split('/')[2] ?? ''];
  if ((name === 'id' || name === 'slug') && ids) return ids;
  return fixture.known[name] ?? [randomUUID()];
}

/**
 * A well-formed request with a session token leaves external_user_id out of its body: the session is the
 * user, and the known user is not the session's (each route gets a fresh user), which would be refused.
 */
function asSessionUser(request: FuzzRequest): FuzzRequest {
  const json = request.body !== null && 'json' in request.body ? request.body.json : null;
  if (request.headers.authorization !== `Bearer ${fixture.sessionToken}`) return request;
  if (json === null || typeof json !== 'object' || Array.isArray(json) || !('external_user_id' in json)) return request;
  const { external_user_id: _dropped, ...rest } = json as Record<string, unknown>;
  return { ...request, body: { json: rest } };
}

/** The route's own credential (an API key or a session token, as it documents), or none or a wrong one when broken. */
function credentialOf(op: Operation, broken: boolean): fc.Arbitrary<string | null> {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  const own = schemes.map((scheme) => `Bearer ${scheme === 'apiKey' ? fixture.apiKey : fixture.sessionToken}`);
  const wrong = fc.constantFrom(null, 'Bearer pmk_sandbox_nope', 'Bearer not-a-token', 'Basic eDp5', 'Bearer ');
  if (own.length === 0) return broken ? fc.oneof(fc.constant(null), wrong) : fc.constant(null);
  return broken ? fc.oneof(fc.constantFrom(...own), wrong) : fc.constantFrom(...own);
}

async function send(op: Operation, request: FuzzRequest): Promise<Response> {
  const options =
    request.body === null
      ? {}
      : 'raw' in request.body
        ? { rawBody: request.body.raw }
        : { rawBody: JSON.stringify(request.body.json) ?? 'null' };
  return call(service.urls.sandbox, op.method.toUpperCase(), `${request.path}${request.query}`, {
    headers: request.headers,
    ...options,
  });
}

/**
 * What the tenant owns, summed: any write a refusal made would show here. Left out: the records a
 * refusal is documented to leave (a refused open in position_rejections, a refused sync's stored answer
 * in balance_syncs and idempotency_keys) and widget error reports (202 whatever they say).
 */
async function tenantState(): Promise<Record<string, unknown>> {
  const tenantId = fixture.tenantId;
  const { rows } = await sql<Record<string, unknown>>`
    select
      (select json_build_array(count(*), sum(balance_minor), string_agg(status, ',' order by id)) from users where tenant_id = ${tenantId}) as users,
      (select json_build_array(count(*), sum(amount_minor)) from transactions where tenant_id = ${tenantId}) as transactions,
      (select json_build_array(count(*), string_agg(state || ':' || stake_minor || ':' || shares_units, ',' order by id)) from positions where tenant_id = ${tenantId}) as positions,
      (select json_agg(to_jsonb(o) - 'updated_at' order by id) from orders o where tenant_id = ${tenantId}) as orders,
      (select json_agg(json_build_array(m.q, m.status) order by m.id) from markets m join tenant_markets tm on tm.market_id = m.id where tm.tenant_id = ${tenantId}) as markets,
      (select count(*) from price_points p join tenant_markets tm on tm.market_id = p.market_id where tm.tenant_id = ${tenantId}) as price_points,
      (select count(*) from support_ticket_messages x join support_tickets t on t.id = x.ticket_id where t.tenant_id = ${tenantId}) as ticket_messages,
      (select count(*) from events where tenant_id = ${tenantId}) as events,
      (select count(*) from support_tickets where tenant_id = ${tenantId}) as tickets,
      (select count(*) from report_jobs where tenant_id = ${tenantId}) as reports,
      (select json_agg(json_build_array(display_name, show_on_leaderboard) order by user_id) from widget_profiles where tenant_id = ${tenantId}) as profiles,
      (select count(*) from saved_markets s join users u on u.id = s.user_id where u.tenant_id = ${tenantId}) as saved,
      (select json_agg(to_jsonb(l) - 'updated_at' order by user_id) from user_limits l where tenant_id = ${tenantId}) as limits`.execute(
    service.db,
  );
  return rows[0]!;
}

/** A generated value as text, for a path segment, a query value or a header. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** HTTP headers carry visible ASCII; fetch refuses anything else before it is sent. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').trim() || '?';
}
