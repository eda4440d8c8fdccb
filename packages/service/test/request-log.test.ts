import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { createPool } from '../src/db/connection.js';
import {
  findAnyRequest,
  findRequest,
  listRequests,
  requestCountsSince,
  MAX_BODY_BYTES,
  REDACTED,
  requestLogRecorder,
  type StoredRequest,
} from '../src/domains/request-log/index.js';
import { keptBodies } from '../src/domains/request-log/model/entry.js';
import { memoryLogger } from '../src/lib/logger.js';
import { loggedRequest } from './request-log-helpers.js';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { sessionFor } from './trading-helpers.js';

let service: TestService;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  [tenant, other] = await Promise.all([createTenant(service), createTenant(service)]);
});
afterAll(() => service?.stop());

const sandbox = (t: TestTenant) => ({ tenantId: t.tenantId, environment: 'sandbox' as const });
const idOf = (res: { headers: Headers }) => res.headers.get('x-request-id')!;

/** The log's entry for an answer, once the batch holding it is written. */
async function logged(scope: ReturnType<typeof sandbox>, requestId: string): Promise<StoredRequest> {
  await service.deps.requestLog.flush();
  const found = await findRequest(service.db, scope, requestId);
  expect(found, `request ${requestId} in the log`).not.toBeNull();
  return found!;
}

describe('the request log', () => {
  it('keeps a write with its key, user, status, latency and both bodies; its replay as replayed', async () => {
    const user = `log-w-${uniqueKey()}`;
    await registerUser(service, tenant.sandboxKey, user);
    const key = uniqueKey('log');
    const body = { external_user_id: user, direction: 'credit', amount: '12.50' };
    const first = await sync(service, tenant.sandboxKey, body, key);
    const again = await sync(service, tenant.sandboxKey, body, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    const entry = await logged(sandbox(tenant), idOf(first));
    expect(entry).toMatchObject({
      tenantId: tenant.tenantId,
      environment: 'sandbox',
      method: 'POST',
      route: '/v1/balance-sync',
      path: '/v1/balance-sync',
      status: 200,
      code: null,
      idempotencyKey: key,
      replayed: false,
      externalUserId: user,
    });
    expect(entry.latencyMs).toBeGreaterThan(0);
    expect(Math.abs(entry.at.getTime() - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(entry.requestBody!)).toEqual(body);
    expect(JSON.parse(entry.responseBody!)).toEqual(first.json);
    expect(entry.responseBodyBytes).toBe(Buffer.byteLength(first.text));
    expect(await logged(sandbox(tenant), idOf(again))).toMatchObject({ replayed: true, idempotencyKey: key });
  });

  it('keeps a read without bodies, and an error answer with its envelope and code', async () => {
    const ok = await service.api('sandbox', 'GET', '/v1/markets?limit=5', { key: tenant.sandboxKey });
    expect(ok.status).toBe(200);
    expect(await logged(sandbox(tenant), idOf(ok))).toMatchObject({
      method: 'GET',
      route: '/v1/markets',
      path: '/v1/markets?limit=5',
      status: 200,
      requestBody: null,
      responseBody: null,
      externalUserId: null,
    });
    const missing = await service.api('sandbox', 'GET', '/v1/users/nobody-here/limits', { key: tenant.sandboxKey });
    expectEnvelope(missing, 'unknown_user', 404);
    const entry = await logged(sandbox(tenant), missing.json.request_id);
    expect(entry).toMatchObject({ status: 404, code: 'unknown_user', externalUserId: 'nobody-here' });
    expect(JSON.parse(entry.responseBody!)).toEqual(missing.json);
  });

  it("keeps a widget session's requests under its user, and its 429s", async () => {
    const user = `log-s-${uniqueKey()}`;
    await registerUser(service, tenant.sandboxKey, user);
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await service.api('sandbox', 'GET', '/v1/widget/config', { key: token }));
    const refused = answers.find((a) => a.status === 429);
    expect(refused, 'the 11th read of the widget_session tier is refused').toBeDefined();
    expect(await logged(sandbox(tenant), idOf(answers[0]!))).toMatchObject({ status: 200, externalUserId: user });
    expect(await logged(sandbox(tenant), refused!.json.request_id)).toMatchObject({
      status: 429,
      code: 'rate_limited',
      externalUserId: user,
      route: '/v1/widget/config',
    });
  });

  it('counts every request per hour and rate-limit tier, with its 429s', async () => {
    const own = await createTenant(service);
    const user = `log-c-${uniqueKey()}`;
    await registerUser(service, own.sandboxKey, user);
    const token = await sessionFor(service, own.sandboxKey, user);
    for (let i = 0; i < 12; i++) await service.api('sandbox', 'GET', '/v1/widget/config', { key: token });
    await service.api('sandbox', 'GET', '/v1/markets', { key: own.sandboxKey });
    await service.deps.requestLog.flush();
    const counts = await requestCountsSince(service.db, sandbox(own), new Date(Date.now() - 3_600_000));
    const of = (tier: string) =>
      counts
        .filter((c) => c.tier === tier)
        .reduce((sum, c) => ({ requests: sum.requests + c.requests, rateLimited: sum.rateLimited + c.rateLimited }), {
          requests: 0,
          rateLimited: 0,
        });
    // The session's minting is in the widget_session tier too: 13 requests, the 11th and 12th reads refused.
    expect(of('widget_session')).toEqual({ requests: 13, rateLimited: 2 });
    expect(of('feed_read')).toEqual({ requests: 1, rateLimited: 0 });
    expect(of('user_sync').requests).toBe(1);
  });

  it('never keeps a secret or a token: a minted session token is redacted, and so is a secret sent in', async () => {
    const user = `log-t-${uniqueKey()}`;
    await registerUser(service, tenant.sandboxKey, user);
    const minted = await service.api('sandbox', 'POST', '/v1/widget/sessions', {
      key: tenant.sandboxKey,
      body: { external_user_id: user },
    });
    expect(minted.status).toBe(201);
    const entry = await logged(sandbox(tenant), idOf(minted));
    expect(JSON.parse(entry.responseBody!)).toMatchObject({ token: REDACTED });
    const sent = await service.api('sandbox', 'PUT', `/v1/users/${user}`, {
      key: tenant.sandboxKey,
      body: { status: 'active', webhook_secret: 'whsec_do-not-keep-me', nested: { api_key: 'pk_do-not-keep-me' } },
    });
    const refused = await logged(sandbox(tenant), idOf(sent));
    expect(JSON.parse(refused.requestBody!)).toMatchObject({
      webhook_secret: REDACTED,
      nested: { api_key: REDACTED },
    });
    const everything = JSON.stringify([entry, refused]);
    for (const secret of [minted.json.token, 'whsec_do-not-keep-me', 'pk_do-not-keep-me', tenant.sandboxKey]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('keeps a write beside one naming a user id no user can have (a NUL byte, kilobytes): no row is lost', async () => {
    const nul = await service.api('sandbox', 'PUT', '/v1/users/%00x', {
      key: tenant.sandboxKey,
      body: { status: 'active' },
    });
    const long = await sync(service, tenant.sandboxKey, {
      external_user_id: 'u'.repeat(5_000),
      direction: 'credit',
      amount: '1.00',
    });
    const good = await service.api('sandbox', 'GET', '/v1/markets?limit=1', { key: tenant.sandboxKey });
    expect([nul.status, long.status, good.status]).toEqual([400, 400, 200]);
    expect(await logged(sandbox(tenant), idOf(good))).toMatchObject({ status: 200 });
    expect(await logged(sandbox(tenant), idOf(nul))).toMatchObject({ status: 400, externalUserId: null });
    expect(await logged(sandbox(tenant), idOf(long))).toMatchObject({ status: 400, externalUserId: null });
  });

  it("keeps a webhook URL as its host only, and a query's credential redacted", async () => {
    const own = await createTenant(service);
    const url = 'https://hooks.example.com/in?key=s3cret-in-the-query';
    const set = await service.api('sandbox', 'PUT', '/v1/tenant/settings', {
      key: own.sandboxKey,
      body: { webhook_url: url },
    });
    const asked = await service.api('sandbox', 'GET', `/v1/markets?api_key=${own.sandboxKey}`, { key: own.sandboxKey });
    const entry = await logged(sandbox(own), idOf(set));
    expect(JSON.parse(entry.requestBody!)).toEqual({ webhook_url: `https://hooks.example.com/${REDACTED}` });
    const everything = JSON.stringify([entry, await logged(sandbox(own), idOf(asked))]);
    expect(everything).not.toContain('s3cret-in-the-query');
    expect(everything).not.toContain(own.sandboxKey);
  });

  it('cuts a body over 16 KB and keeps its full size', async () => {
    const user = `log-big-${uniqueKey()}`;
    const items = Array.from({ length: 300 }, (_, i) => ({
      external_user_id: `${user}-${i}`,
      direction: 'credit',
      amount: '1.00',
      idempotency_key: `${user}-item-${i}`,
    }));
    const res = await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
      key: tenant.sandboxKey,
      body: { items },
      idempotencyKey: uniqueKey('batch'),
    });
    const entry = await logged(sandbox(tenant), idOf(res));
    expect(entry.requestBodyBytes).toBe(Buffer.byteLength(JSON.stringify({ items })));
    expect(entry.requestBodyBytes).toBeGreaterThan(MAX_BODY_BYTES);
    expect(Buffer.byteLength(entry.requestBody!)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(JSON.stringify({ items }).startsWith(entry.requestBody!)).toBe(true);
  });

  it("shows a tenant environment only its own requests: never another tenant's or the other environment's", async () => {
    const mine = await service.api('sandbox', 'GET', '/v1/markets', { key: tenant.sandboxKey });
    const live = await service.api('live', 'GET', '/v1/markets', { key: tenant.liveKey });
    const theirs = await service.api('sandbox', 'GET', '/v1/markets', { key: other.sandboxKey });
    await service.deps.requestLog.flush();
    const ids = async (scope: { tenantId: string; environment: 'sandbox' | 'live' }) =>
      (await listRequests(service.db, scope, {}, null, 1_000)).map((r) => r.requestId);
    const sandboxIds = await ids(sandbox(tenant));
    expect(sandboxIds).toContain(idOf(mine));
    expect(sandboxIds).not.toContain(idOf(live));
    expect(sandboxIds).not.toContain(idOf(theirs));
    expect(await ids({ tenantId: tenant.tenantId, environment: 'live' })).toEqual([idOf(live)]);
    expect(await findRequest(service.db, sandbox(other), idOf(mine))).toBeNull();
    expect(await findRequest(service.db, { ...sandbox(tenant), environment: 'live' }, idOf(mine))).toBeNull();
    expect(await findAnyRequest(service.db, idOf(theirs))).toMatchObject({ tenantId: other.tenantId });
  });

  it('does not log a request whose caller is unknown (no tenant to file it under)', async () => {
    const res = await service.api('sandbox', 'GET', '/v1/markets', { key: 'pk_sandbox_not-a-real-key' });
    expect(res.status).toBe(401);
    await service.deps.requestLog.flush();
    expect(await findAnyRequest(service.db, res.json.request_id)).toBeNull();
  });

  it('filters by status class, code, route, user, request id and time, and pages by keyset without overlap', async () => {
    const own = await createTenant(service);
    const user = `log-f-${uniqueKey()}`;
    await registerUser(service, own.sandboxKey, user);
    for (let i = 0; i < 3; i++) await service.api('sandbox', 'GET', '/v1/markets', { key: own.sandboxKey });
    const bad = await service.api('sandbox', 'GET', '/v1/users/absent/limits', { key: own.sandboxKey });
    await service.deps.requestLog.flush();
    const scope = sandbox(own);
    const list = (filter: Parameters<typeof listRequests>[2]) => listRequests(service.db, scope, filter, null, 100);
    expect((await list({})).length).toBe(5);
    expect((await list({ statusClass: 4 })).map((r) => r.requestId)).toEqual([bad.json.request_id]);
    expect((await list({ code: 'unknown_user' })).map((r) => r.requestId)).toEqual([bad.json.request_id]);
    expect((await list({ route: '/v1/markets' })).length).toBe(3);
    expect((await list({ user })).map((r) => r.route)).toEqual(['/v1/users/:external_user_id']);
    expect((await list({ requestId: bad.json.request_id })).length).toBe(1);
    expect(await list({ from: new Date(Date.now() + 60_000) })).toEqual([]);
    expect((await list({ to: new Date(Date.now() + 60_000) })).length).toBe(5);
    const first = await listRequests(service.db, scope, {}, null, 2);
    expect(first.length).toBe(3); // one more than asked: a page follows
    const last = first[1]!;
    const second = await listRequests(service.db, scope, {}, { at: last.at, requestId: last.requestId }, 2);
    const third = await listRequests(service.db, scope, {}, { at: second[1]!.at, requestId: second[1]!.requestId }, 2);
    const seen = [...first.slice(0, 2), ...second.slice(0, 2), ...third].map((r) => r.requestId);
    expect(new Set(seen).size).toBe(5);
    expect(third.length).toBe(1);
  });

  it("keeps every character COPY's text format gives a meaning to, and a NUL as U+FFFD", async () => {
    const pool = createPool(inject('databaseUrl'), 2);
    onTestFinished(() => pool.end());
    const recorder = requestLogRecorder({ db: service.db, clock: service.deps.clock, log: memoryLogger().log }, pool);
    const requestId = crypto.randomUUID();
    const awkward = 'tab\there, line\nthere, return\r, back\\slash \\N, nul\0';
    const raw = {
      request: JSON.stringify({ note: awkward }, null, '\t'),
      response: JSON.stringify({ message: awkward }),
    };
    recorder.record(
      {
        requestId,
        tenantId: tenant.tenantId,
        environment: 'sandbox',
        at: new Date(),
        method: 'POST',
        route: '/v1/balance-sync',
        path: `/v1/balance-sync?note=${awkward}`,
        status: 400,
        code: 'invalid_request',
        idempotencyKey: awkward,
        replayed: false,
        latencyMs: 1.25,
        externalUserId: awkward,
      },
      raw,
      'default',
    );
    await recorder.stop();
    const stored = await findAnyRequest(service.db, requestId);
    const kept = keptBodies(raw);
    const nulAsReplacement = (text: string | null) => text?.replaceAll('\0', '\uFFFD') ?? null;
    expect(stored).toMatchObject({
      path: nulAsReplacement(`/v1/balance-sync?note=${awkward}`),
      idempotencyKey: nulAsReplacement(awkward),
      externalUserId: nulAsReplacement(awkward),
      latencyMs: 1.25,
      requestBody: nulAsReplacement(kept.requestBody),
      requestBodyBytes: kept.requestBodyBytes,
      responseBody: kept.responseBody,
      responseBodyBytes: kept.responseBodyBytes,
    });
    // A body is JSON text: its backslashes (JSON's escapes) are what COPY must not read as its own.
    expect(stored!.requestBody).toContain(String.raw`back\\slash \\N, nul\u0000`);
  });

  it('adds the hourly counts on a timer of their own, not waiting for the batch of rows', async () => {
    const pool = createPool(inject('databaseUrl'), 2);
    onTestFinished(() => pool.end());
    const own = await createTenant(service);
    const recorder = requestLogRecorder({ db: service.db, clock: service.deps.clock, log: memoryLogger().log }, pool, {
      flushMs: 60_000,
      flushAt: 1_000,
      maxWaiting: 100,
      maxWaitingBodyBytes: 1_000_000,
      countsEveryMs: 20,
    });
    onTestFinished(() => recorder.stop());
    const requestId = crypto.randomUUID();
    recorder.record(
      loggedRequest({ requestId, tenantId: own.tenantId, status: 429, code: 'rate_limited' }),
      null,
      'default',
    );
    const counted = () => requestCountsSince(service.db, sandbox(own), new Date(Date.now() - 3_600_000));
    await expect.poll(counted, { timeout: 5_000 }).toEqual([expect.objectContaining({ requests: 1, rateLimited: 1 })]);
    // The row itself waits for its batch (a minute here).
    expect(await findAnyRequest(service.db, requestId)).toBeNull();
    await recorder.flush();
    expect(await findAnyRequest(service.db, requestId)).not.toBeNull();
    expect(await counted()).toEqual([expect.objectContaining({ requests: 1, rateLimited: 1 })]);
  });

  it('forgets requests older than 14 days, and drops (and says so) what does not fit while it is behind', async () => {
    const { log, lines } = memoryLogger();
    const pool = createPool(inject('databaseUrl'), 2);
    onTestFinished(() => pool.end());
    const recorder = requestLogRecorder({ db: service.db, clock: service.deps.clock, log }, pool, {
      flushMs: 60_000,
      flushAt: 1_000,
      maxWaiting: 2,
      maxWaitingBodyBytes: 1_000_000,
      countsEveryMs: 60_000,
    });
    const entry = (requestId: string, at: Date) => loggedRequest({ requestId, tenantId: tenant.tenantId, at });
    const old = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    const droppedId = crypto.randomUUID();
    recorder.record(entry(old, new Date(Date.now() - 15 * 86_400_000)), null, 'default');
    recorder.record(entry(fresh, new Date(Date.now() - 13 * 86_400_000)), null, 'default');
    recorder.record(entry(droppedId, new Date()), null, 'default');
    await recorder.stop();
    expect(await findAnyRequest(service.db, old)).toBeNull();
    expect(await findAnyRequest(service.db, fresh)).not.toBeNull();
    expect(await findAnyRequest(service.db, droppedId)).toBeNull();
    // Counted all the same, in its hour: the figures do not depend on the buffer.
    const counted = await requestCountsSince(service.db, sandbox(tenant), new Date(Date.now() - 3_600_000));
    expect(counted.some((c) => c.tier === 'default' && c.requests >= 1)).toBe(true);
    expect(lines.some((l) => /request log fell behind/.test(String(l.msg)) && l.dropped === 1)).toBe(true);
  });
});
