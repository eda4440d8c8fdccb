import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { memoryLogger } from '../src/lib/logger.js';
import {
  ADMIN_TOKEN,
  burst,
  call,
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
} from './helpers.js';
import { connectRedis } from '../src/db/redis.js';
import { redisWindowStore } from '../src/http/redis-window-store.js';
import {
  expectHammeringStaysRefused,
  expectSharedWaitingKeepsTheBudget,
  expectStoreRedeemsEachOnce,
  expectWaitingKeepsTheWholeBudget,
} from './rate-limit-fairness.js';
import { expectExactAcrossMinute } from './rate-limit-exact.js';
import { killChildren, newSite, startService, terminate, type Site } from './service-process.js';

/** Where the counters live (docs/operator-api.md "Rate limits"): Redis shared by every process, and Redis down. */
const credit = { external_user_id: 'rl-shared', direction: 'credit', amount: '0.01' };
const sites: Site[] = [];
afterAll(async () => {
  await killChildren();
  for (const site of sites) await rm(site.dataDir, { recursive: true, force: true });
});

// Registered only with REDIS_URL (`npm test` needs nothing installed), not as a skip: a run's counts are
// the tests that ran.
if (process.env.REDIS_URL)
  describe('with REDIS_URL (the machine Redis, as in CI)', () => {
    it('two service processes on one database share one budget', async () => {
      const env = { DATABASE_URL: inject('databaseUrl'), REDIS_URL: process.env.REDIS_URL, RUN_WORKERS: '0' };
      const [siteA, siteB] = [await newSite(), await newSite()];
      sites.push(siteA, siteB);
      const [a, b] = await Promise.all([startService(siteA, env), startService(siteB, env)]);
      try {
        const tenant = await call(a.platform, 'POST', '/platform/v1/tenants', {
          key: ADMIN_TOKEN,
          body: { name: 'Shared' },
        });
        const issued = await call(a.platform, 'POST', `/platform/v1/tenants/${tenant.json.id}/api-keys`, {
          key: ADMIN_TOKEN,
          body: { environment: 'sandbox', scopes: ['write:sync'] },
        });
        const key = issued.json.api_key as string;
        expect((await call(a.sandbox, 'PUT', '/v1/users/rl-shared', { key, body: { status: 'active' } })).status).toBe(
          201,
        );
        // These processes run on the real clock; the window is exact, so whenever the 451 syncs come within
        // 60 s, the last is refused.
        const syncOn = (base: string) => () =>
          call(base, 'POST', '/v1/balance-sync', { key, body: credit, idempotencyKey: uniqueKey() });
        const [onA, onB] = await Promise.all([burst(225, syncOn(a.sandbox)), burst(225, syncOn(b.sandbox))]);
        expect([...new Set([...onA, ...onB].map((r) => r.status))]).toEqual([200]);
        expectEnvelope(await syncOn(a.sandbox)(), 'rate_limited', 429);
        expectEnvelope(await syncOn(b.sandbox)(), 'rate_limited', 429);
      } finally {
        await Promise.all([terminate(a), terminate(b)]);
      }
    });

    it('keeps what buckets remember of their refusals there too: waiting keeps the budget, alone or shared, hammering stays refused', async () => {
      // The counters' keys follow the service clock, so a fake one moves them; each call has its own tenant.
      const clock = new FakeClock('2026-06-01T12:00:00.000Z');
      const service = await startTestService({ clock, env: { REDIS_URL: process.env.REDIS_URL! } });
      const nextWindows = () => clock.advance(3 * 60_000 - (clock.now().getTime() % 60_000));
      try {
        await expectWaitingKeepsTheWholeBudget(service, clock);
        nextWindows();
        await expectHammeringStaysRefused(service, clock);
        nextWindows();
        await expectSharedWaitingKeepsTheBudget(service, clock);
      } finally {
        await service.stop();
      }
    });

    it('the store redeems each given Retry-After once, within its span, in one script a call', async () => {
      const redis = connectRedis(process.env.REDIS_URL!, memoryLogger('silent').log);
      try {
        await new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', resolve)));
        const tag = `store-test-${process.pid}-${Date.now()}:sandbox`;
        await expectStoreRedeemsEachOnce(redisWindowStore(redis, 'pm-rl-test'), tag);
        // One hash per bucket, under the tenant environment's hash tag, expiring on its own.
        const keys = await redis.keys(`pm-rl-test:{${tag}}:*`);
        expect(keys).toHaveLength(2);
        for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(60_000);
        await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });

    it('counts the window exactly across a minute, on one service and on two sharing the Redis', async () => {
      const clock = new FakeClock('2026-06-01T12:00:00.000Z');
      const env = { REDIS_URL: process.env.REDIS_URL! };
      const [a, b] = [await startTestService({ clock, env }), await startTestService({ clock, env })];
      try {
        await expectExactAcrossMinute([a], clock);
        await expectExactAcrossMinute([a, b], clock);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    });
  });

describe('with REDIS_URL unreachable', () => {
  it('serves requests unlimited and logs a warning', async () => {
    const logger = memoryLogger('warn');
    const service = await startTestService({ logger: logger.log, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const tenant = await createTenant(service);
      await registerUser(service, tenant.sandboxKey, 'rl-shared');
      const answers = await burst(460, () => sync(service, tenant.sandboxKey, credit, uniqueKey()));
      expect([...new Set(answers.map((r) => r.status))]).toEqual([200]);
      expect(answers[0]!.headers.get('ratelimit-limit')).toBeNull();
      expect(logger.lines.some((l) => String(l.msg).includes('serving requests unlimited'))).toBe(true);
    } finally {
      await service.stop();
    }
  });
});
