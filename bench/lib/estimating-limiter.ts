/**
 * THE OLD BASELINE, kept only to be measured against (bench/rate-limiter.ts): the rate limiter as it was
 * before the window was counted exactly (git history: packages/service/src/http/rate-limiter.ts and
 * refusal-store.ts at 4cf475b). rate-limiter-flexible kept one counter per bucket and fixed 60 s window
 * (one atomic increment and one read per bucket for every request), the sliding window was estimated from
 * the current and the previous window, and a refused request asked a refusal store (a Lua script in Redis)
 * what its bucket remembered, then took the refusal back out where it was not counted. Its store calls are
 * the old ones, one for one; the estimate's arithmetic is condensed. Not used by the service.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  bucketsFor,
  dueSecond,
  isBeforeRetryAfter,
  LIMITED_TIERS,
  oldestRedeemable,
  redeemable,
  REDEEM_WITHIN_S,
  tightest,
  type Bucket,
  type BucketState,
  type LimitedTier,
  type RaisedLimitsView,
  type RateDecision,
  type RateLimiter,
} from '../../packages/service/src/domains/rate-limits/index.js';
import type { Clock } from '../../packages/service/src/lib/clock.js';

const WINDOW_MS = 60_000;
interface Counts {
  previous: number;
  current: number;
  elapsedMs: number;
}
interface Read {
  limit: number;
  counts: Counts;
  retryAtMs: number | null;
  redeemed: boolean;
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const usedOf = (c: Counts) => c.previous * (1 - c.elapsedMs / WINDOW_MS) + c.current;
function retryAfterSeconds(limit: number, { previous, current, elapsedMs }: Counts): number {
  const room = limit - 1;
  if (current <= room && previous === 0) return 1;
  if (current <= room) return secondsUntil(WINDOW_MS * (1 - (room - current) / previous) - elapsedMs);
  return secondsUntil(WINDOW_MS - elapsedMs + WINDOW_MS * (1 - room / current));
}
function bucketState(limit: number, counts: Counts): BucketState {
  const used = usedOf(counts);
  const allowed = used <= limit;
  const resetSeconds = allowed ? secondsUntil(WINDOW_MS - counts.elapsedMs) : retryAfterSeconds(limit, counts);
  return { limit, allowed, remaining: Math.max(0, Math.floor(limit - used)), resetSeconds };
}
function judge(reads: readonly Read[], nowMs: number) {
  const first = reads.map((read) => bucketState(read.limit, read.counts));
  if (first.every((state) => state.allowed)) {
    return { allowed: true as const, buckets: first.map((state) => ({ state, counted: true, retryAtMs: null })) };
  }
  const settled = reads.map((read, i) => {
    const counted = isBeforeRetryAfter(nowMs, read.retryAtMs) && !read.redeemed;
    const kept = counted ? read.counts : { ...read.counts, current: read.counts.current - 1 };
    const state = first[i]!.allowed
      ? bucketState(read.limit, kept)
      : {
          ...first[i]!,
          remaining: Math.max(0, Math.floor(read.limit - usedOf(kept))),
          resetSeconds: retryAfterSeconds(read.limit, kept),
        };
    return { refusing: !first[i]!.allowed, counted, state };
  });
  const retryAfter = Math.max(...settled.filter((s) => s.refusing).map((s) => s.state.resetSeconds));
  const buckets = settled.map((s) => ({
    state: s.state,
    counted: s.counted,
    retryAtMs: s.refusing ? nowMs + retryAfter * 1000 : null,
  }));
  return { allowed: false as const, retryAfterSeconds: retryAfter, buckets };
}

interface RefusalStore {
  recall(key: string, nowMs: number): Promise<{ retryAtMs: number | null; redeemed: boolean }>;
  remember(key: string, retryAtMs: number, nowMs: number): Promise<void>;
}
const keptMs = (retryAtMs: number, nowMs: number) => retryAtMs - nowMs + (REDEEM_WITHIN_S + 1) * 1000 + WINDOW_MS;

function memoryRefusalStore(): RefusalStore {
  const buckets = new Map<string, { retryAtMs: number; given: Map<number, number> }>();
  return {
    async recall(key, nowMs) {
      const held = buckets.get(key);
      if (held === undefined) return { retryAtMs: null, redeemed: false };
      if (!isBeforeRetryAfter(nowMs, held.retryAtMs)) return { retryAtMs: held.retryAtMs, redeemed: false };
      for (const second of held.given.keys()) if (second < oldestRedeemable(nowMs)) held.given.delete(second);
      const second = redeemable(held.given, nowMs);
      if (second === null) return { retryAtMs: held.retryAtMs, redeemed: false };
      if (held.given.get(second)! > 1) held.given.set(second, held.given.get(second)! - 1);
      else held.given.delete(second);
      return { retryAtMs: held.retryAtMs, redeemed: true };
    },
    async remember(key, retryAtMs) {
      const held = buckets.get(key) ?? { retryAtMs, given: new Map() };
      held.retryAtMs = retryAtMs;
      held.given.set(dueSecond(retryAtMs), (held.given.get(dueSecond(retryAtMs)) ?? 0) + 1);
      buckets.set(key, held);
    },
  };
}

const RECALL = `
local at = tonumber(redis.call('HGET', KEYS[1], 'at'))
if not at then return {-1, 0} end
if tonumber(ARGV[1]) >= at then return {at, 0} end
local now_s, oldest = tonumber(ARGV[2]), tonumber(ARGV[3])
local pick
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  local s = tonumber(field)
  if s and s < oldest then
    redis.call('HDEL', KEYS[1], field)
  elseif s and s <= now_s and (not pick or s < pick) then
    pick = s
  end
end
if not pick then return {at, 0} end
if redis.call('HINCRBY', KEYS[1], pick, -1) <= 0 then redis.call('HDEL', KEYS[1], pick) end
return {at, 1}
`;
const REMEMBER = `
redis.call('HSET', KEYS[1], 'at', ARGV[1])
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;
interface RefusalCommands {
  oldRefusalRecall(key: string, nowMs: number, nowSecond: number, oldest: number): Promise<[number, number]>;
  oldRefusalRemember(key: string, retryAtMs: number, second: number, keepMs: number): Promise<number>;
}
function redisRefusalStore(redis: Redis, keyPrefix: string): RefusalStore {
  redis.defineCommand('oldRefusalRecall', { numberOfKeys: 1, lua: RECALL });
  redis.defineCommand('oldRefusalRemember', { numberOfKeys: 1, lua: REMEMBER });
  const commands = redis as unknown as RefusalCommands;
  return {
    async recall(key, nowMs) {
      const [at, redeemed] = await commands.oldRefusalRecall(
        `${keyPrefix}:${key}:ra`,
        nowMs,
        dueSecond(nowMs),
        oldestRedeemable(nowMs),
      );
      return { retryAtMs: at < 0 ? null : at, redeemed: redeemed === 1 };
    },
    async remember(key, retryAtMs, nowMs) {
      await commands.oldRefusalRemember(
        `${keyPrefix}:${key}:ra`,
        retryAtMs,
        dueSecond(retryAtMs),
        keptMs(retryAtMs, nowMs),
      );
    },
  };
}

/** The old limiter's check, as it ran in the service (its usage screen and failure logging left out). */
export function estimatingRateLimiter(options: {
  redis: Redis | null;
  clock: Clock;
  raisedLimits: RaisedLimitsView;
  keyPrefix: string;
}): Pick<RateLimiter, 'check'> {
  const storeOptions = { keyPrefix: options.keyPrefix, points: 1, duration: (2 * WINDOW_MS) / 1000 };
  const store: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({ ...storeOptions, storeClient: options.redis, rejectIfRedisNotReady: true })
    : new RateLimiterMemory(storeOptions);
  const refusals = options.redis ? redisRefusalStore(options.redis, options.keyPrefix) : memoryRefusalStore();
  const windowKey = (bucket: Bucket, index: number) => `${bucket.key}:${index}`;
  const count = async (bucket: Bucket, nowMs: number): Promise<Read> => {
    const [index, elapsedMs] = [Math.floor(nowMs / WINDOW_MS), nowMs % WINDOW_MS];
    const [counted, before] = await Promise.all([
      store.penalty(windowKey(bucket, index), 1),
      store.get(windowKey(bucket, index - 1)),
    ]);
    const counts = { current: counted.consumedPoints, previous: before?.consumedPoints ?? 0, elapsedMs };
    return { limit: bucket.limit, counts, retryAtMs: null, redeemed: false };
  };
  return {
    async check(query): Promise<RateDecision> {
      if (!(LIMITED_TIERS as readonly string[]).includes(query.tier)) return { limited: false, headers: null };
      const { tenantId, environment } = query.tenantEnv;
      const counted = { tier: query.tier as LimitedTier, tenantId, environment, externalUserId: query.externalUserId };
      const buckets = bucketsFor(counted, await options.raisedLimits.of(tenantId));
      const nowMs = options.clock.now().getTime();
      let reads = await Promise.all(buckets.map((bucket) => count(bucket, nowMs)));
      if (!reads.every((read) => bucketState(read.limit, read.counts).allowed)) {
        reads = await Promise.all(
          reads.map(async (read, i) => ({ ...read, ...(await refusals.recall(buckets[i]!.key, nowMs)) })),
        );
      }
      const verdict = judge(reads, nowMs);
      if (!verdict.allowed) {
        await Promise.all(
          buckets.map((bucket, i) => {
            const settled = verdict.buckets[i]!;
            return Promise.all([
              settled.counted ? null : store.reward(windowKey(bucket, Math.floor(nowMs / WINDOW_MS)), 1),
              settled.retryAtMs === null ? null : refusals.remember(bucket.key, settled.retryAtMs, nowMs),
            ]);
          }),
        );
      }
      const headers = tightest(verdict.buckets.map((b) => b.state));
      if (verdict.allowed) return { limited: false, headers };
      return { limited: true, retryAfterSeconds: verdict.retryAfterSeconds, headers };
    },
  };
}
