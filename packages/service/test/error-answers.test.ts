import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countErrorAnswersSince, errorAnswerRecorder, findErrorAnswer } from '../src/domains/error-answers/index.js';
import { memoryLogger } from '../src/lib/logger.js';
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

let service: TestService;
let tenant: TestTenant;
let since: Date;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
  since = new Date(Date.now() - 60_000);
});
afterAll(() => service?.stop());

const tenantCounts = async () =>
  (await countErrorAnswersSince(service.system(), since)).filter((c) => c.tenantId === tenant.tenantId);

describe('error answers', () => {
  it("records a 400's request_id, tenant, route and code, and counts it", async () => {
    const res = await service.api('sandbox', 'PUT', '/v1/users/u-1', {
      key: tenant.sandboxKey,
      body: { status: 'nope' },
    });
    expectEnvelope(res, 'validation_failed', 400);
    await service.deps.errorAnswers.flush();
    const found = await findErrorAnswer(service.system(), res.json.request_id);
    expect(found).toMatchObject({
      requestId: res.json.request_id,
      tenantId: tenant.tenantId,
      environment: 'sandbox',
      code: 'validation_failed',
      status: 400,
      method: 'PUT',
      route: '/v1/users/:external_user_id',
    });
    expect(found!.tenantName).toMatch(/^tenant /);
    expect(found!.at).toBeInstanceOf(Date);
    expect(await tenantCounts()).toEqual([
      expect.objectContaining({ environment: 'sandbox', code: 'validation_failed', count: 1 }),
    ]);
    expect(await findErrorAnswer(service.system(), 'no-such-request')).toBeUndefined();
  });

  it('is written without being awaited by the request: found within a second or two', async () => {
    const res = await service.api('live', 'GET', '/v1/markets/no-such-market-anywhere', { key: tenant.liveKey });
    expectEnvelope(res, 'not_found', 404);
    let found;
    for (let i = 0; i < 30 && !found; i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = await findErrorAnswer(service.system(), res.json.request_id);
    }
    expect(found).toMatchObject({ environment: 'live', code: 'not_found', route: '/v1/markets/:slug' });
  });

  it('records platform answers without a tenant or environment', async () => {
    const res = await service.platform('GET', '/platform/v1/tenants/00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    await service.deps.errorAnswers.flush();
    expect(await findErrorAnswer(service.system(), res.json.request_id)).toMatchObject({
      tenantId: null,
      tenantName: null,
      environment: null,
      code: 'not_found',
    });
  });

  it('records a stored refusal once: its replays are not recorded or counted again', async () => {
    const own = await createTenant(service);
    await registerUser(service, own.sandboxKey, 'replayed-1');
    const debit = { external_user_id: 'replayed-1', direction: 'debit', amount: '5.00' };
    const key = uniqueKey('overdraw');
    const first = await sync(service, own.sandboxKey, debit, key);
    expectEnvelope(first, 'would_overdraw', 409);
    const again = await sync(service, own.sandboxKey, debit, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.request_id).toBe(first.json.request_id);
    await service.deps.errorAnswers.flush();
    expect(await findErrorAnswer(service.system(), first.json.request_id)).toMatchObject({ code: 'would_overdraw' });
    const counted = (await countErrorAnswersSince(service.system(), since)).filter((c) => c.tenantId === own.tenantId);
    expect(counted).toEqual([expect.objectContaining({ environment: 'sandbox', code: 'would_overdraw', count: 1 })]);
  });

  it('under a flood keeps a bounded number of rows and counts every answer', async () => {
    const tenantId = tenant.tenantId;
    const recorder = errorAnswerRecorder(service.deps, {
      flushMs: 60_000,
      flushAt: 10_000,
      rowsPerSecond: 5,
      maxRows: 10_000,
    });
    const at = new Date();
    const ids = Array.from({ length: 40 }, (_, i) => `flood-${process.pid}-${Date.now()}-${i}`);
    for (const requestId of ids) {
      recorder.record({
        requestId,
        tenantId,
        environment: 'live',
        code: 'rate_limited',
        status: 429,
        method: 'POST',
        route: '/v1/positions',
        at,
      });
    }
    await recorder.stop();
    const kept = await service.db
      .selectFrom('error_answers')
      .select('request_id')
      .where('request_id', 'in', ids)
      .execute();
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(kept.length).toBeLessThanOrEqual(10); // 5 a second; the loop may cross one second boundary
    const limited = (await tenantCounts()).find((c) => c.environment === 'live' && c.code === 'rate_limited');
    expect(limited?.count).toBe(40);
  });

  it('after a stalled write, a flood is counted whole and keeps at most maxRows rows, written without an error', async () => {
    const other = await createTenant(service);
    // The first statement's answer is held until released: a write in flight on a slow database.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let statements = 0;
    const stalling = service.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (++statements === 1) await held;
        return args.result;
      },
    });
    const { log, lines } = memoryLogger('warn');
    // 9,000 rows of 8 parameters would be 72,000 in one statement, beyond PostgreSQL's 65,535.
    const maxRows = 9_000;
    const recorder = errorAnswerRecorder(
      { db: stalling, clock: service.deps.clock, log },
      { flushMs: 60_000, flushAt: 200, rowsPerSecond: 1_000_000, maxRows },
    );
    const prefix = `stall-${process.pid}-${Date.now()}`;
    const at = new Date();
    const answer = (i: number) => ({
      requestId: `${prefix}-${i}`,
      tenantId: other.tenantId,
      environment: 'sandbox',
      code: 'rate_limited',
      status: 429,
      method: 'POST',
      route: '/v1/positions',
      at,
    });
    recorder.record(answer(0));
    const stalled = recorder.flush();
    for (let i = 0; i < 100 && statements === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(statements).toBe(1);
    const flood = 20_000;
    for (let i = 1; i <= flood; i++) recorder.record(answer(i));
    release();
    await stalled;
    await recorder.stop();

    const kept = await service.db
      .selectFrom('error_answers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('request_id', 'like', `${prefix}-%`)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(1 + maxRows);
    const counted = (await countErrorAnswersSince(service.system(), since)).filter(
      (c) => c.tenantId === other.tenantId,
    );
    expect(counted).toEqual([
      expect.objectContaining({ environment: 'sandbox', code: 'rate_limited', count: 1 + flood }),
    ]);
    expect(lines).toEqual([]);
  });
});
