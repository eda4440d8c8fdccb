import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  bucketsFor,
  judge,
  LIMITED_TIERS,
  passes,
  tightest,
  WINDOW_MS,
  windowOf,
  type Bucket,
  type BucketRead,
  type BucketVerdict,
  type LimitedTier,
  type RaisedLimitsView,
} from '../domains/rate-limits/index.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { RateDecision, RateLimiter, RateLimitQuery } from './rate-limit.js';
import { memoryRefusalStore, redisRefusalStore } from './refusal-store.js';

export interface WindowLimiterOptions {
  /** Counters in Redis, shared by every process; null: in this process's memory. */
  redis: Redis | null;
  clock: Clock;
  log: Logger;
  raisedLimits: RaisedLimitsView;
  /** Separates runs that share one Redis (tests); every process of one deployment uses the same. */
  keyPrefix?: string;
  /** Told of every request served unlimited because the store failed (the service's metrics). */
  onStoreUnreachable?: () => void;
}

/** How often a Redis failure is logged while it lasts. */
const WARN_EVERY_MS = 10_000;

/**
 * The real limiter (spec 8.1, decisions part 5). rate-limiter-flexible keeps the counters, atomically,
 * in memory or in Redis: one per bucket and fixed 60 s window, kept for two windows. The sliding window
 * is estimated from the current and the previous counts (domains/rate-limits/model/tiers.ts), with the
 * window taken from the service clock, so tests move it with the fake clock. Every request that reaches
 * the limiter is counted first (one atomic increment per bucket, and a read of the previous window: all
 * an allowed request costs). A refused one then asks each bucket's RefusalStore (refusal-store.ts, in the
 * same memory or Redis) for the instant its last Retry-After pointed to and, when it came before that
 * instant, to redeem a due Retry-After given earlier; it is taken back out of the buckets where it came
 * at or after the instant or redeemed one (model/refusals.ts), and each refusing bucket remembers the
 * instant it gives. Two processes may both see a bucket's old instant and both take back: one refusal
 * too few counted, never an allowed request lost; a Retry-After is redeemed at most once. If the store
 * fails (Redis down) the request is served unlimited and a warning is logged: money is never at stake
 * in a limiter.
 */
export function windowRateLimiter(options: WindowLimiterOptions): RateLimiter {
  const storeOptions = { keyPrefix: options.keyPrefix ?? 'pm-rl', points: 1, duration: (2 * WINDOW_MS) / 1000 };
  const store: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({ ...storeOptions, storeClient: options.redis, rejectIfRedisNotReady: true })
    : new RateLimiterMemory(storeOptions);
  const refusals = options.redis ? redisRefusalStore(options.redis, storeOptions.keyPrefix) : memoryRefusalStore();
  let warnedAt = -Infinity;
  const windowKey = (bucket: Bucket, index: number) => `${bucket.key}:${index}`;

  const count = async (bucket: Bucket, nowMs: number): Promise<BucketRead> => {
    const { index, elapsedMs } = windowOf(nowMs);
    const [counted, before] = await Promise.all([
      store.penalty(windowKey(bucket, index), 1),
      store.get(windowKey(bucket, index - 1)),
    ]);
    const counts = { current: counted.consumedPoints, previous: before?.consumedPoints ?? 0, elapsedMs };
    return { limit: bucket.limit, counts, retryAtMs: null, redeemed: false };
  };
  // Only for a refused request: an allowed one costs the two commands per bucket it always did.
  const recalled = async (bucket: Bucket, read: BucketRead, nowMs: number): Promise<BucketRead> => ({
    ...read,
    ...(await refusals.recall(bucket.key, nowMs)),
  });

  /** Takes the request back out where it is not counted; remembers where a refusal's Retry-After points. */
  const settle = async (bucket: Bucket, verdict: BucketVerdict, nowMs: number): Promise<void> => {
    await Promise.all([
      verdict.counted ? null : store.reward(windowKey(bucket, windowOf(nowMs).index), 1),
      verdict.retryAtMs === null ? null : refusals.remember(bucket.key, verdict.retryAtMs, nowMs),
    ]);
  };

  return {
    async usage(tenantEnv) {
      const { index, elapsedMs } = windowOf(options.clock.now().getTime());
      const raised = await options.raisedLimits.of(tenantEnv.tenantId);
      try {
        return await Promise.all(
          LIMITED_TIERS.map(async (tier) => {
            const [tenant] = bucketsFor({ tier, ...tenantEnv, externalUserId: null }, raised);
            const [current, before] = await Promise.all([
              store.get(`${tenant!.key}:${index}`),
              store.get(`${tenant!.key}:${index - 1}`),
            ]);
            const used = (before?.consumedPoints ?? 0) * (1 - elapsedMs / WINDOW_MS) + (current?.consumedPoints ?? 0);
            return { tier, limit: tenant!.limit, used: Math.round(used) };
          }),
        );
      } catch {
        return null;
      }
    },

    async check(query: RateLimitQuery): Promise<RateDecision> {
      if (!isLimited(query.tier)) return { limited: false, headers: null };
      const counted = {
        tier: query.tier,
        tenantId: query.tenantEnv.tenantId,
        environment: query.tenantEnv.environment,
        externalUserId: query.externalUserId,
      };
      try {
        const buckets = bucketsFor(counted, await options.raisedLimits.of(counted.tenantId));
        const nowMs = options.clock.now().getTime();
        let reads = await Promise.all(buckets.map((bucket) => count(bucket, nowMs)));
        if (!passes(reads)) reads = await Promise.all(reads.map((read, i) => recalled(buckets[i]!, read, nowMs)));
        const verdict = judge(reads, nowMs);
        if (!verdict.allowed) {
          await Promise.all(buckets.map((bucket, i) => settle(bucket, verdict.buckets[i]!, nowMs)));
        }
        const headers = tightest(verdict.buckets.map((b) => b.state));
        if (verdict.allowed) return { limited: false, headers };
        return { limited: true, retryAfterSeconds: verdict.retryAfterSeconds, headers };
      } catch (error) {
        options.onStoreUnreachable?.();
        if (performance.now() - warnedAt > WARN_EVERY_MS) {
          warnedAt = performance.now();
          options.log.warn({ err: error }, 'rate-limit store unreachable: serving requests unlimited');
        }
        return { limited: false, headers: null };
      }
    },
  };
}

const isLimited = (tier: string): tier is LimitedTier => (LIMITED_TIERS as readonly string[]).includes(tier);
