import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { refusingRateLimiter } from '../src/http/rate-limit.js';
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
import { sessionFor } from './trading-helpers.js';

/** The ports of the dependencies, each replaced here by its test implementation. */
const limiter = refusingRateLimiter(['balance_sync']);
const logger = memoryLogger('warn');
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService({ rateLimiter: limiter.limiter, logger: logger.log });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('the rate-limiter slot', () => {
  it('is asked after the credential and before the body; a refusal is 429 with Retry-After and spends nothing', async () => {
    await registerUser(service, tenant.sandboxKey, 'limited');
    // A malformed body is not even read: the limit comes first (docs/operator-api.md, "Errors": the order of checks).
    const malformed = await service.api('sandbox', 'POST', '/v1/balance-sync', {
      key: tenant.sandboxKey,
      rawBody: '{"not json',
      idempotencyKey: uniqueKey(),
    });
    expectEnvelope(malformed, 'rate_limited', 429);
    expect(malformed.headers.get('retry-after')).toBe('1');
    const key = uniqueKey();
    const refused = await sync(
      service,
      tenant.sandboxKey,
      { external_user_id: 'limited', direction: 'credit', amount: '1.00' },
      key,
    );
    expectEnvelope(refused, 'rate_limited', 429);
    const stored = await sql`select 1 from idempotency_keys where key = ${key}`.execute(service.db);
    expect(stored.rows).toHaveLength(0);
    expect((await service.api('sandbox', 'GET', '/v1/users/limited', { key: tenant.sandboxKey })).json.balance).toBe(
      '0.00',
    );
    // Without a credential the limiter is never asked: 401 first.
    const before = limiter.asked.length;
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/balance-sync', { body: {}, idempotencyKey: 'k' }),
      'invalid_api_key',
      401,
    );
    expect(limiter.asked.length).toBe(before);
  });

  it('is told the tier, the tenant environment and, for a session, the end user', async () => {
    await registerUser(service, tenant.sandboxKey, 'asker');
    const token = await sessionFor(service, tenant.sandboxKey, 'asker');
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: token })).status).toBe(200);
    expect(limiter.asked.at(-1)).toEqual({
      tier: 'feed_read',
      tenantEnv: { tenantId: tenant.tenantId, environment: 'sandbox' },
      externalUserId: 'asker',
    });
    expect((await service.api('live', 'GET', '/v1/markets', { key: tenant.liveKey })).status).toBe(200);
    expect(limiter.asked.at(-1)).toEqual({
      tier: 'feed_read',
      tenantEnv: { tenantId: tenant.tenantId, environment: 'live' },
      externalUserId: null,
    });
  });
});

describe('the logger port', () => {
  it('receives an unexpected failure with its request id, while the client sees only the envelope', async () => {
    const failing = await startTestService({ logger: logger.log });
    const key = await createTenant(failing);
    await failing.deps.db.destroy(); // the pool is closed: the next query fails unexpectedly
    const answer = await failing.api('sandbox', 'GET', '/v1/users/anyone', { key: key.sandboxKey });
    expectEnvelope(answer, 'internal_error', 500);
    expect(answer.text).not.toContain('pool');
    const line = logger.lines.find((l) => l.request_id === answer.json.request_id);
    expect(line).toMatchObject({ level: 50, msg: 'unexpected failure' });
    await failing.stop().catch(() => {});
  });
});
