import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  bucketsFor,
  bucketState,
  LIMITED_TIERS,
  tightest,
  WINDOW_MS,
  windowOf,
  type Bucket,
  type BucketState,
  type LimitedTier,
  type RaisedLimitsView,
} from '../domains/rate-limits/index.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { RateDecision, RateLimiter, RateLimitQuery } from './rate-limit.js';

export interface WindowLimiterOptions {
  /** Counters in Redis, shared by every process; null: in this process's memory. */
  redis: Redis | null;
  clock: Clock;
  log: Logger;
  raisedLimits: RaisedLimitsView;
  /** Separates runs that share one Redis (tests); every process of one deployment uses the same. */
  keyPrefix?: string;
}

/** How often a Redis failure is logged while it lasts. */
const WARN_EVERY_MS = 10_000;

/**
 * The real limiter (spec 8.1, decisions part 5). rate-limiter-flexible keeps the counters, atomically,
 * in memory or in Redis: one per bucket and fixed 60 s window, kept for two windows. The sliding
 * window is estimated from the current and the previous counts (domains/rate-limits/model/tiers.ts),
 * with the window taken from the service clock, so tests move it with the fake clock. Every request
 * that reaches the limiter is counted, refused ones too. If the store fails (Redis down) the request
 * is served unlimited and a warning is logged: money is never at stake in a limiter.
 */
export function windowRateLimiter(options: WindowLimiterOptions): RateLimiter {
  const storeOptions = { keyPrefix: options.keyPrefix ?? 'pm-rl', points: 1, duration: (2 * WINDOW_MS) / 1000 };
  const store: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({ ...storeOptions, storeClient: options.redis, rejectIfRedisNotReady: true })
    : new RateLimiterMemory(storeOptions);
  let warnedAt = -Infinity;

  const stateOf = async (bucket: Bucket, nowMs: number): Promise<BucketState> => {
    const { index, elapsedMs } = windowOf(nowMs);
    const [counted, before] = await Promise.all([
      store.penalty(`${bucket.key}:${index}`, 1),
      store.get(`${bucket.key}:${index - 1}`),
    ]);
    return bucketState(bucket.limit, {
      current: counted.consumedPoints,
      previous: before?.consumedPoints ?? 0,
      elapsedMs,
    });
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
        const states = await Promise.all(buckets.map((bucket) => stateOf(bucket, nowMs)));
        const headers = tightest(states);
        const refused = states.filter((s) => !s.allowed);
        if (refused.length === 0) return { limited: false, headers };
        return { limited: true, retryAfterSeconds: Math.max(...refused.map((s) => s.resetSeconds)), headers };
      } catch (error) {
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
