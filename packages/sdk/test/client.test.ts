import pg from 'pg';
import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  call,
  createTenant,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from '../../service/test/helpers.js';
import { createMarket, type TestMarket } from '../../service/test/trading-helpers.js';
import { FakeClock } from '../../service/src/lib/clock.js';
import { ApiError, createOperatorClient, type OperatorClient, type RetryPolicy } from '../src/index.js';

/**
 * The SDK against a real service on loopback (issue 15): every /v1 route of the document once, through
 * the typed client, and its keys, retries and errors against answers the service really gives.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let market: TestMarket;
let doc: any;
const called = new Set<string>();
/** The first answer of each route, with its request: the reference's examples (`npm run sdk:generate`). */
const examples = new Map<string, { request?: unknown; status: number; response: unknown }>();
const TOKEN_EXAMPLE = 'eyJhbGciOiJIUzI1NiJ9.<claims>.<signature>';
const EXAMPLES_FILE = new URL('../../service/src/http/api-examples.generated.json', import.meta.url);

beforeAll(async () => {
  service = await startTestService({ clock, env: { RUN_WORKERS: '1' } });
  tenant = await createTenant(service);
  market = await createMarket(service, tenant, {
    slug: 'world-cup-final',
    title: 'Will the favourite win the final?',
    rules:
      'Resolves Yes if the favourite leads at the end of regular time (90 minutes plus stoppage time); No otherwise.',
    resolution_source: 'https://results.example.org/world-cup/final',
  });
  doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
});
afterAll(() => service?.stop());

/** A client whose calls are noted by route, to show every documented route was called. */
function client(credential: string, retry: Partial<RetryPolicy> = {}): OperatorClient {
  const pm = createOperatorClient({ baseUrl: service.urls.sandbox, credential, retry });
  for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
    const inner = pm[method] as (path: string, init?: unknown) => Promise<unknown>;
    pm[method] = (async (path: string, init?: { body?: unknown; parseAs?: string }) => {
      const route = `${method} ${path}`;
      called.add(route);
      const result = (await inner(path, init)) as { data?: unknown; response: Response | null };
      if (result.data !== undefined && init?.parseAs !== 'stream' && !examples.has(route)) {
        // A real session token's claims are not for a public page.
        const response = (result.data as { token?: string }).token
          ? { ...result.data, token: TOKEN_EXAMPLE }
          : result.data;
        examples.set(route, { request: init?.body, status: result.response!.status, response });
      }
      return result;
    }) as never;
  }
  return pm;
}

/** The caller's own Idempotency-Key, as every call that moves money must bring (a compile error without). */
function keyed(key: string) {
  return { header: { 'idempotency-key': key } };
}

/** The data of a call that must succeed. */
function ok<T>(result: { data?: T; error?: ApiError }): T {
  expect(result.error, result.error?.message).toBeUndefined();
  return result.data!;
}

/** A new active user of the tenant, registered through the SDK. */
async function newUser(pm: OperatorClient, prefix: string): Promise<string> {
  const user = uniqueKey(prefix);
  const body = { status: 'active' as const };
  ok(await pm.PUT('/v1/users/{external_user_id}', { params: { path: { external_user_id: user } }, body }));
  return user;
}

/** A widget session token for the user, minted by the operator. */
async function sessionOf(pm: OperatorClient, user: string): Promise<string> {
  return ok(await pm.POST('/v1/widget/sessions', { body: { external_user_id: user } })).token;
}

describe('the SDK on a running service', () => {
  it('calls every /v1 route of the document, typed, with amounts as strings', async () => {
    const pm = client(tenant.sandboxKey);
    const user = 'user-4711';
    const users = { params: { path: { external_user_id: user } } };
    expect(ok(await pm.PUT('/v1/users/{external_user_id}', { ...users, body: { status: 'active' } }))).toEqual({
      external_user_id: user,
      status: 'active',
      balance: '0.00',
    });
    expect(ok(await pm.GET('/v1/users/{external_user_id}', users)).balance).toBe('0.00');
    const limits = ok(
      await pm.PUT('/v1/users/{external_user_id}/limits', { ...users, body: { stake_per_week: '500.00' } }),
    );
    expect(limits.stake_per_week).toMatchObject({ limit: '500.00', remaining: '500.00' });
    expect(ok(await pm.GET('/v1/users/{external_user_id}/limits', users)).stake_per_day).toBeNull();
    const credit = { external_user_id: user, direction: 'credit' as const, amount: '100.00' };
    expect(ok(await pm.POST('/v1/balance-sync', { params: keyed('deposit-1001'), body: credit })).balance).toBe(
      '100.00',
    );
    const items = [{ ...credit, idempotency_key: 'deposit-1002' }];
    const batch = ok(
      await pm.POST('/v1/balance-sync/batch', { params: keyed('deposits-2026-06-01'), body: { items } }),
    );
    expect(batch.results[0]!.status).toBe(200);

    const slug = { params: { path: { slug: market.slug } } };
    expect(ok(await pm.GET('/v1/markets')).data.map((m) => m.slug)).toContain(market.slug);
    const outcome = ok(await pm.GET('/v1/markets/{slug}', slug)).outcomes[0]!;
    expect(typeof outcome.price).toBe('string');
    ok(await pm.GET('/v1/markets/{slug}/snapshot', slug));
    ok(await pm.GET('/v1/markets/{slug}/history', { params: { ...slug.params, query: { interval: '1h' } } }));

    const trade = { market_slug: market.slug, outcome_id: outcome.id, stake: '5.00' };
    expect(ok(await pm.POST('/v1/positions/quote', { body: trade })).stake).toBe('5.00');
    const opened = ok(
      await pm.POST('/v1/positions', {
        params: keyed('bet-slip-1'),
        body: { ...trade, external_user_id: user, max_price: '1' },
      }),
    );
    expect(opened).toMatchObject({ state: 'open', stake: '5.00' });
    const exposure = ok(await pm.GET('/v1/markets/{slug}/exposure', slug)).outcomes[0]!;
    expect(exposure).toMatchObject({ outcome_id: outcome.id, open_positions: 1, open_stake: '5.00' });
    const position = { params: { path: { id: opened.id } } };
    expect(ok(await pm.GET('/v1/positions/{id}', position)).id).toBe(opened.id);
    expect(ok(await pm.POST('/v1/positions/{id}/close-quote', position)).position_id).toBe(opened.id);
    const close = { params: { ...position.params, ...keyed('cash-out-1') }, body: { min_price: '0' } };
    const closed = ok(await pm.POST('/v1/positions/{id}/close', close));
    expect(closed.state).toBe('closed');
    expect(ok(await pm.GET('/v1/positions', { params: { query: { external_user_id: user } } })).data).toHaveLength(1);
    ok(await pm.GET('/v1/position-rejections', { params: { query: { external_user_id: user } } }));

    const limit = { ...trade, external_user_id: user, limit_price: '0.1' };
    const order = ok(await pm.POST('/v1/orders', { params: keyed('limit-slip-1'), body: limit }));
    expect(order.status).toBe('open');
    const orderId = { params: { path: { id: order.id } } };
    expect(ok(await pm.GET('/v1/orders/{id}', orderId)).id).toBe(order.id);
    expect(ok(await pm.GET('/v1/orders', { params: { query: { external_user_id: user } } })).data).toHaveLength(1);
    expect(ok(await pm.DELETE('/v1/orders/{id}', orderId)).status).toBe('cancelled');

    const transactions = pm.each((cursor) =>
      pm.GET('/v1/transactions', { params: { query: { external_user_id: user, limit: 1, cursor } } }),
    );
    const amounts: string[] = [];
    for await (const row of transactions) amounts.push(row.amount);
    expect(amounts.sort()).toEqual(['-5.00', '100.00', '100.00', closed.payout!].sort());

    const report = ok(await pm.POST('/v1/reports', { body: { report_type: 'balances', format: 'json' } }));
    const reportId = { params: { path: { id: report.id } } };
    for (let i = 0; i < 100 && ok(await pm.GET('/v1/reports/{id}', reportId)).status === 'generating'; i++)
      await sleep(100);
    expect(ok(await pm.GET('/v1/reports')).data.map((r) => r.id)).toContain(report.id);
    // The reference's example is the text; operators read it with downloadReport.
    expect(ok(await pm.GET('/v1/reports/{id}/download', { ...reportId, parseAs: 'text' }))).toContain(user);
    const download = ok(await pm.downloadReport(report.id));
    expect(download.format).toBe('json');
    expect(await download.text()).toContain(user);

    const ticket = ok(
      await pm.POST('/v1/support-tickets', {
        body: { subject: 'A payout looks low', body: 'Position 1 paid less than the quote said.' },
      }),
    );
    expect(ok(await pm.GET('/v1/support-tickets/{id}', { params: { path: { id: ticket.id } } })).id).toBe(ticket.id);
    ok(await pm.GET('/v1/support-tickets'));
    ok(await pm.GET('/v1/events'));
    ok(await pm.GET('/v1/changelog'));
    ok(await pm.GET('/v1/reconciliation/discrepancies'));

    // Self-service: who the key is, this environment's settings, its secret, a test event.
    expect(ok(await pm.GET('/v1/tenant')).tenant_id).toBe(tenant.tenantId);
    const settings = { webhook_url: 'https://hooks.example.com/pm', allowed_origins: ['https://shop.example.com'] };
    expect(ok(await pm.PUT('/v1/tenant/settings', { body: settings })).webhook_url).toBe(settings.webhook_url);
    expect(ok(await pm.GET('/v1/tenant/settings')).allowed_origins).toEqual(settings.allowed_origins);
    expect(ok(await pm.POST('/v1/tenant/webhook-secret')).webhook_secret).toMatch(/^whsec_/);
    const test = ok(await pm.POST('/v1/webhooks/test', { body: { event: 'position.settled' } }));
    expect(test.delivery_id).toEqual(expect.any(String));

    // Sandbox test markets: one resolved and then corrected to void, one voided.
    const rain = ok(
      await pm.POST('/v1/sandbox/markets', {
        params: keyed('test-market-rain'),
        body: { title: 'Will it rain tomorrow?', outcomes: ['Yes', 'No'] },
      }),
    );
    expect(rain).toMatchObject({ status: 'open', liquidity: '100' });
    expect(ok(await pm.GET('/v1/sandbox/markets')).data.map((m) => m.slug)).toContain(rain.slug);
    const rainBet = { market_slug: rain.slug, outcome_id: rain.outcomes[0]!.id, stake: '5.00', max_price: '1' };
    ok(await pm.POST('/v1/positions', { params: keyed('rain-slip-1'), body: { ...rainBet, external_user_id: user } }));
    const rainPath = { slug: rain.slug };
    const resolved = ok(
      await pm.POST('/v1/sandbox/markets/{slug}/resolve', {
        params: { path: rainPath, ...keyed('rain-resolve-1') },
        body: { outcome_id: rain.outcomes[0]!.id },
      }),
    );
    expect(resolved).toMatchObject({ status: 'resolved', resolved_outcome_id: rain.outcomes[0]!.id });
    const corrected = ok(
      await pm.POST('/v1/sandbox/markets/{slug}/corrections', {
        params: { path: rainPath, ...keyed('rain-correct-1') },
        body: { status: 'voided' },
      }),
    );
    expect(corrected.status).toBe('voided');
    const snow = ok(
      await pm.POST('/v1/sandbox/markets', {
        params: keyed('test-market-snow'),
        body: { title: 'Will it snow tomorrow?', outcomes: ['Yes', 'No', 'Sleet'], liquidity: '50' },
      }),
    );
    const voided = ok(
      await pm.POST('/v1/sandbox/markets/{slug}/void', {
        params: { path: { slug: snow.slug }, ...keyed('snow-void-1') },
      }),
    );
    expect(voided.status).toBe('voided');

    // The widget's routes, with a session token the operator minted.
    const minted = ok(await pm.POST('/v1/widget/sessions', { body: { external_user_id: user } }));
    const widget = client(minted.token);
    expect(ok(await widget.GET('/v1/users/me')).balance).toMatch(/^\d+\.\d\d$/);
    ok(await widget.GET('/v1/widget/config'));
    ok(await widget.PUT('/v1/widget/profile', { body: { display_name: 'Alex', show_on_leaderboard: true } }));
    expect(ok(await widget.GET('/v1/widget/profile')).display_name).toBe('Alex');
    ok(await widget.GET('/v1/widget/leaderboard'));
    ok(await widget.DELETE('/v1/widget/profile'));
    const saved = { params: { path: { market_slug: market.slug } } };
    ok(await widget.PUT('/v1/widget/saved-markets/{market_slug}', saved));
    expect(ok(await widget.GET('/v1/widget/saved-markets')).data).toHaveLength(1);
    ok(await widget.DELETE('/v1/widget/saved-markets/{market_slug}', saved));
    const report_ = {
      code: 'widget_runtime_error' as const,
      message: 'from the SDK test',
      widget_version: '1.0.0',
      occurred_at: clock.now().toISOString(),
    };
    ok(await widget.POST('/v1/widget/error-reports', { body: report_ }));
    const stream = await widget.GET('/v1/widget/stream', {
      params: { query: { markets: market.slug } },
      parseAs: 'stream',
    });
    expect(stream.response?.headers.get('content-type')).toContain('text/event-stream');
    await stream.response?.body?.cancel();
    expect(ok(await widget.POST('/v1/widget/sessions/refresh')).token).toEqual(expect.any(String));

    const documented = Object.entries<any>(doc.paths)
      .filter(([path]) => path !== '/v1/openapi.json')
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect([...called].sort()).toEqual(documented.sort());
    await expectLedgerInvariant(service.db, tenant.tenantId);
    if (process.env.UPDATE_SDK === '1') {
      // A route's example stays as it was unless UPDATE_EXAMPLES=1: fresh ids on every run would only churn.
      const kept =
        process.env.UPDATE_EXAMPLES === '1' ? {} : JSON.parse(await readFile(EXAMPLES_FILE, 'utf8').catch(() => '{}'));
      const merged = [...examples].map(([route, fresh]) => [route, kept[route] ?? fresh] as const);
      const sorted = Object.fromEntries(merged.sort(([a], [b]) => a.localeCompare(b)));
      await writeFile(EXAMPLES_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    }
  });
});

describe('idempotency keys', () => {
  it('sends the caller’s key of a movement, and replays the first answer when the same one comes again', async () => {
    const pm = client(tenant.sandboxKey);
    const user = await newUser(pm, 'sdk-keys');
    const credit = { external_user_id: user, direction: 'credit' as const, amount: '10.00' };
    ok(await pm.POST('/v1/balance-sync', { params: keyed(uniqueKey('deposit')), body: credit }));
    ok(await pm.POST('/v1/balance-sync', { params: keyed(uniqueKey('deposit')), body: credit }));
    const key = uniqueKey('mine');
    const mine = { params: { header: { 'idempotency-key': key } }, body: credit };
    const first = await pm.POST('/v1/balance-sync', mine);
    const again = await pm.POST('/v1/balance-sync', mine);
    expect(ok(again)).toEqual(ok(first));
    expect(ok(again).balance).toBe('30.00');
    const reused = await pm.POST('/v1/balance-sync', { ...mine, body: { ...credit, amount: '11.00' } });
    expect(reused.error).toMatchObject({ status: 422, code: 'idempotency_key_reused', idempotency_key: key });
    expect(reused.error!.request_id).toMatch(/\S/);
  });

  it('never makes up the key of a call that moves money: leaving it out is a compile error, and refused', async () => {
    const pm = client(tenant.sandboxKey);
    const user = await newUser(pm, 'sdk-keyless');
    const credit = { external_user_id: user, direction: 'credit' as const, amount: '10.00' };
    const trade = { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '1.00' };
    const refusals = [
      // @ts-expect-error the Idempotency-Key of a balance movement is required
      await pm.POST('/v1/balance-sync', { body: credit }),
      // @ts-expect-error likewise for a batch
      await pm.POST('/v1/balance-sync/batch', { body: { items: [{ ...credit, idempotency_key: uniqueKey() }] } }),
      // @ts-expect-error likewise for an open
      await pm.POST('/v1/positions', { body: { ...trade, external_user_id: user, max_price: '1' } }),
      // @ts-expect-error likewise for a limit order
      await pm.POST('/v1/orders', { body: { ...trade, external_user_id: user, limit_price: '0.1' } }),
      // @ts-expect-error likewise for a close
      await pm.POST('/v1/positions/{id}/close', { params: { path: { id: uniqueKey() } }, body: { min_price: '0' } }),
    ];
    for (const refused of refusals)
      expect(refused.error).toMatchObject({ status: 400, code: 'idempotency_key_required', idempotency_key: null });
    expect(
      ok(await pm.GET('/v1/users/{external_user_id}', { params: { path: { external_user_id: user } } })).balance,
    ).toBe('0.00');
    // A keyed route that moves no money still gets a key of its own.
    const ticket = await pm.POST('/v1/support-tickets', { body: { subject: 'Keys', body: 'A generated key.' } });
    expect(ok(ticket).id).toEqual(expect.any(String));
  });
});

describe('errors and retries', () => {
  it('answers a refusal as an ApiError value with code, request_id, source and details, and does not retry it', async () => {
    const waits: number[] = [];
    const pm = client(tenant.sandboxKey, { sleep: async (ms) => void waits.push(ms) });
    const user = await newUser(pm, 'sdk-poor');
    const debit = await pm.POST('/v1/balance-sync', {
      params: keyed(uniqueKey('withdrawal')),
      body: { external_user_id: user, direction: 'debit', amount: '1.00' },
    });
    expect(debit.error).toBeInstanceOf(ApiError);
    expect(debit.error).toMatchObject({ status: 409, code: 'would_overdraw', retry_after: null });
    expect(debit.error!.request_id).toBe(debit.response!.headers.get('x-request-id'));
    expect(debit.error!.source).toMatch(/\S/);
    const unknown = await pm.GET('/v1/users/{external_user_id}', { params: { path: { external_user_id: 'nobody' } } });
    expect(unknown.error).toMatchObject({ status: 404, code: 'unknown_user', details: null });
    expect(waits).toEqual([]);
  });

  it('waits out idempotency_key_in_progress and gets the first request’s answer, with the same key', async () => {
    const pm = client(tenant.sandboxKey);
    const user = await newUser(pm, 'sdk-flight');
    const key = uniqueKey('flight');
    const body = { external_user_id: user, direction: 'credit' as const, amount: '8.00' };
    // A first request held in flight: its user's row is locked by a connection of the test's own.
    const holder = new pg.Client({ connectionString: inject('databaseUrl') });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select 1 from users where tenant_id = $1 and external_user_id = $2 for update', [
      tenant.tenantId,
      user,
    ]);
    const first = call(service.urls.sandbox, 'POST', '/v1/balance-sync', {
      key: tenant.sandboxKey,
      idempotencyKey: key,
      body,
    });
    await sleep(300);
    const waits: number[] = [];
    const patient = client(tenant.sandboxKey, {
      sleep: async (ms) => {
        waits.push(ms);
        await holder.query('rollback');
        await first;
      },
    });
    const second = await patient.POST('/v1/balance-sync', { params: { header: { 'idempotency-key': key } }, body });
    await holder.end();
    expect(waits).toEqual([1000]);
    expect(ok(second)).toEqual((await first).json);
    expect(ok(second).balance).toBe('8.00');
  });

  it('waits out 429 rate_limited for the Retry-After it is given, then goes through once', async () => {
    const pm = client(tenant.sandboxKey);
    const user = await newUser(pm, 'sdk-limited');
    const deposit = { external_user_id: user, direction: 'credit' as const, amount: '100.00' };
    ok(await pm.POST('/v1/balance-sync', { params: keyed(uniqueKey('deposit')), body: deposit }));
    const token = await sessionOf(pm, user);
    // A session may open 10 positions a minute (docs/operator-api.md, "Rate limits"); the service's clock moves while
    // the SDK waits.
    const waits: number[] = [];
    // The eleventh's Retry-After is at most a minute (the window is exact), within the default wait.
    const sleepOnClock = async (ms: number) => void (waits.push(ms), clock.advance(ms));
    const widget = client(token, { sleep: sleepOnClock });
    const outcome = market.outcomes[0]!.id;
    let slips = 0;
    const open = () =>
      widget.POST('/v1/positions', {
        params: keyed(`bet-${user}-${++slips}`),
        body: { market_slug: market.slug, outcome_id: outcome, stake: '1.00', max_price: '1' },
      });
    for (let i = 0; i < 10; i++) ok(await open());
    expect(waits).toEqual([]);
    const eleventh = await open();
    expect(ok(eleventh).state).toBe('open');
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60_000);
    const positions = ok(await pm.GET('/v1/positions', { params: { query: { external_user_id: user } } }));
    expect(positions.data).toHaveLength(11);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('gives the error back when Retry-After is longer than it will wait, or attempts run out', async () => {
    const pm = client(tenant.sandboxKey);
    const user = await newUser(pm, 'sdk-impatient');
    const token = await sessionOf(pm, user);
    const waits: number[] = [];
    const widget = client(token, { maxRetryAfterMs: 500, sleep: async (ms) => void waits.push(ms) });
    // 20 a minute pass (saved_markets, docs/operator-api.md, "Rate limits"); the next ones are refused for longer than
    // 500 ms.
    for (let i = 0; i < 22; i++) await widget.GET('/v1/widget/saved-markets');
    const refused = await widget.GET('/v1/widget/saved-markets');
    expect(refused.error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(refused.error!.retry_after).toBeGreaterThan(0);
    expect(waits).toEqual([]);
  });

  it('answers a connection refused as a network_error value, after its retries, with the key it used', async () => {
    const waits: number[] = [];
    const pm = createOperatorClient({
      baseUrl: 'http://127.0.0.1:9',
      credential: tenant.sandboxKey,
      retry: { sleep: async (ms) => void waits.push(ms) },
    });
    const res = await pm.POST('/v1/balance-sync', {
      params: keyed('deposit-77'),
      body: { external_user_id: 'x', direction: 'credit', amount: '1.00' },
    });
    expect(res.error).toMatchObject({ status: 0, code: 'network_error', idempotency_key: 'deposit-77' });
    expect(res.error!.retry).toBe('same_key');
    expect(waits).toHaveLength(4);
    const read = await pm.GET('/v1/markets');
    expect(read.error?.code).toBe('network_error');
  });
});
