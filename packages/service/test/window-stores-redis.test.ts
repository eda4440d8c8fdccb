import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/db/redis.js';
import { memoryWindowStore } from '../src/http/memory-window-store.js';
import { redisWindowStore } from '../src/http/redis-window-store.js';
import { memoryLogger } from '../src/lib/logger.js';

/**
 * The Redis script against the model (docs/operator-api.md "Rate limits"): the memory store calls
 * domains/rate-limits/model/judge.ts, the script mirrors it in Lua, and the same random requests at the
 * same times must get the same verdict, Retry-After and headers from both, and leave the same counts.
 */
const PREFIX = `pm-rl-prop-${process.pid}`;
const START = Date.parse('2026-06-01T12:00:00.000Z') + 137;

/**
 * What the clients do next: wait a little or long, come back when the last refusal said (on time or up
 * to 4 s late, past redeeming), send several at once or close together (a burst, a hammering client), or
 * come from a process whose clock is up to 3 s behind (the script then finds counts after its second).
 */
const on = fc.constantFrom('user', 'tenant', 'both');
const step = fc.oneof(
  fc.record({ on, waitMs: fc.integer({ min: 0, max: 400 }), times: fc.constant(1) }),
  fc.record({ on, waitMs: fc.integer({ min: 0, max: 70_000 }), times: fc.constant(1) }),
  { weight: 3, arbitrary: fc.record({ on, obeyLateMs: fc.integer({ min: 0, max: 4_000 }), times: fc.constant(1) }) },
  fc.record({ on, waitMs: fc.integer({ min: 0, max: 150 }), times: fc.integer({ min: 2, max: 12 }) }),
  fc.record({ on, backMs: fc.integer({ min: 1, max: 3_000 }), times: fc.constant(1) }),
);
const limits = fc.record({ user: fc.integer({ min: 1, max: 6 }), tenant: fc.integer({ min: 1, max: 20 }) });

// Runs with REDIS_URL (CI's PostgreSQL and Redis run); without it, skipped and counted so.
describe.skipIf(!process.env.REDIS_URL)('the Redis store against the memory store (the model)', () => {
  let redis: Redis;
  let runs = 0;
  beforeAll(async () => {
    redis = connectRedis(process.env.REDIS_URL!, memoryLogger('silent').log);
    await new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', resolve)));
  });
  afterAll(async () => {
    const keys = await redis.keys(`${PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('gives every request the same verdict and headers, and leaves the same counts', async () => {
    await fc.assert(
      fc.asyncProperty(limits, fc.array(step, { minLength: 1, maxLength: 150 }), async (limit, steps) => {
        const tag = `t${(runs += 1)}:sandbox`;
        const [memory, shared] = [memoryWindowStore(), redisWindowStore(redis, PREFIX)];
        const buckets = (on: string) => [
          ...(on === 'tenant' ? [] : [{ key: `positions:${tag}:u:one`, limit: limit.user }]),
          ...(on === 'user' ? [] : [{ key: `positions:${tag}`, limit: limit.tenant }]),
        ];
        let at = START;
        let retryAfterMs = 0;
        for (const next of steps) {
          for (let i = 0; i < next.times; i++) {
            if ('backMs' in next) at = Math.max(START, at - next.backMs);
            else at += 'obeyLateMs' in next ? retryAfterMs + next.obeyLateMs : next.waitMs;
            const wanted = buckets(next.on);
            const [fromMemory, fromRedis] = [await memory.take(tag, wanted, at), await shared.take(tag, wanted, at)];
            expect(fromRedis).toEqual(fromMemory);
            if (fromMemory.limited) retryAfterMs = fromMemory.retryAfterSeconds * 1000;
          }
        }
        const all = buckets('both');
        expect(await shared.used(tag, all, at)).toEqual(await memory.used(tag, all, at));
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('waits for a bucket the refusal itself filled, in both stores (a case random requests seldom meet)', async () => {
    const tag = 'filled:sandbox';
    const [memory, shared] = [memoryWindowStore(), redisWindowStore(redis, PREFIX)];
    const user = { key: `positions:${tag}:u:one`, limit: 2 };
    const tenant = { key: `positions:${tag}`, limit: 3 };
    const take = async (buckets: Array<typeof user>, offsetS: number) => {
      const [fromMemory, fromRedis] = [
        await memory.take(tag, buckets, START + offsetS * 1000),
        await shared.take(tag, buckets, START + offsetS * 1000),
      ];
      expect(fromRedis).toEqual(fromMemory);
      return fromMemory;
    };
    for (const [buckets, at] of [
      [[tenant], 0],
      [[tenant], 0],
      [[user], 20],
      [[user], 20],
      [[tenant], 30],
    ] as const) {
      expect((await take([...buckets], at)).limited).toBe(false);
    }
    // Refused by both: the user's bucket waits longer (50 s), so the tenant's last instant is 12:01:20.
    expect(await take([user, tenant], 30)).toMatchObject({ limited: true, retryAfterSeconds: 50 });
    expect((await take([tenant], 61)).limited).toBe(false);
    // The user's bucket refuses (18 s); the tenant's had room, but this refusal came before its last
    // instant and is counted there, filling it until 12:00:30 leaves: 28 s.
    expect(await take([user, tenant], 62)).toMatchObject({ limited: true, retryAfterSeconds: 28 });
  });

  it('frees a place for a Retry-After when a refusal redeems one at the bound, in both stores', async () => {
    const tag = 'bound:sandbox';
    const [memory, shared] = [memoryWindowStore(), redisWindowStore(redis, PREFIX)];
    const bucket = [{ key: `positions:${tag}:u:one`, limit: 2 }];
    const take = async (offsetMs: number) => {
      const at = START + offsetMs;
      const [fromMemory, fromRedis] = [await memory.take(tag, bucket, at), await shared.take(tag, bucket, at)];
      expect(fromRedis).toEqual(fromMemory);
      return fromMemory.limited;
    };
    const used = async (offsetMs: number) => {
      const [inMemory, inRedis] = [
        await memory.used(tag, bucket, START + offsetMs),
        await shared.used(tag, bucket, START + offsetMs),
      ];
      expect(inRedis).toEqual(inMemory);
      return inMemory[0];
    };
    // Two pass; two refusals give the two Retry-Afters the bound allows, due a minute later.
    for (const at of [0, 0]) expect(await take(at)).toBe(false);
    for (const at of [100, 200]) expect(await take(at)).toBe(true);
    // Others take the room then; two refusals each redeem one and, redeeming, may give one again.
    for (const at of [60_000, 60_000]) expect(await take(at)).toBe(false);
    for (const at of [60_050, 60_060]) expect(await take(at)).toBe(true);
    expect(await used(60_060)).toBe(2);
    // A minute later the same: both given then are redeemed, the third refusal is counted.
    for (const at of [120_000, 120_000]) expect(await take(at)).toBe(false);
    for (const at of [120_050, 120_060, 120_070]) expect(await take(at)).toBe(true);
    expect(await used(120_070)).toBe(3);
  });

  it('judges requests that come together one at a time (one script a request)', async () => {
    const tag = `together:sandbox`;
    const store = redisWindowStore(redis, PREFIX);
    const bucket = [{ key: `positions:${tag}:u:one`, limit: 10 }];
    const answers = await Promise.all(Array.from({ length: 40 }, () => store.take(tag, bucket, START)));
    expect(answers.filter((a) => !a.limited)).toHaveLength(10);
    expect(answers.filter((a) => !a.limited).map((a) => a.headers!.remaining)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    // The first refusal is not counted (no Retry-After before it), the 29 after it are.
    expect(await store.used(tag, bucket, START)).toEqual([39]);
  });
});
