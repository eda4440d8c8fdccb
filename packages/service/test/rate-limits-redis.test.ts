import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { redisRefusalStore } from '../src/http/refusal-store.js';
import {
  expectHammeringStaysRefused,
  expectRefusalStoreRedeemsOnce,
  expectSharedWaitingKeepsTheBudget,
  expectWaitingKeepsTheWholeBudget,
} from './rate-limit-fairness.js';
import { killChildren, newSite, startService, terminate, type Site } from './service-process.js';

/** Where the counters live (decisions part 5): Redis shared by every process, and Redis down. */
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
        // These processes run on the real clock: start early in a minute, so the 451 syncs share one window.
        const intoMinute = Date.now() % 60_000;
        if (intoMinute > 40_000) await sleep(60_000 - intoMinute + 100);
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
        const bucket = `saved_markets:store-test-${process.pid}-${Date.now()}:sandbox:u:store`;
        await expectRefusalStoreRedeemsOnce(redisRefusalStore(redis, 'pm-rl-test'), bucket);
        // One hash for the bucket, expiring on its own.
        expect(await redis.pttl(`pm-rl-test:${bucket}:ra`)).toBeGreaterThan(60_000);
        await redis.del(`pm-rl-test:${bucket}:ra`);
      } finally {
        redis.disconnect();
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
