import type { Redis } from 'ioredis';
import {
  bucketsFor,
  LIMITED_TIERS,
  type LimitedTier,
  type RaisedLimitsView,
  type RateDecision,
  type RateLimiter,
  type RateLimitQuery,
} from '../domains/rate-limits/index.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { memoryWindowStore } from './memory-window-store.js';
import { redisWindowStore } from './redis-window-store.js';
import type { WindowStore } from './window-store.js';

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
 * The real limiter (docs/operator-api.md, "Rate limits"): each request is counted per tenant
 * environment (and per end user for a session) over an exact sliding window of 60 whole seconds, with the
 * refusal rule of domains/rate-limits/model/refusals.ts. One WindowStore step per request (window-store.ts):
 * in this process's memory, or in Redis with one atomic script over all of the request's buckets, the time
 * always taken from the service clock, so tests move it with the fake clock. If the store fails (Redis
 * down) the request is served unlimited and a warning is logged: money is never at stake in a limiter.
 */
export function windowRateLimiter(options: WindowLimiterOptions): RateLimiter {
  const store = windowStoreOf(options);
  let warnedAt = -Infinity;
  const tagOf = (tenantEnv: { tenantId: string; environment: string }) =>
    `${tenantEnv.tenantId}:${tenantEnv.environment}`;

  return {
    async usage(tenantEnv) {
      const nowMs = options.clock.now().getTime();
      const raised = await options.raisedLimits.of(tenantEnv.tenantId);
      const buckets = LIMITED_TIERS.map((tier) => bucketsFor({ tier, ...tenantEnv, externalUserId: null }, raised)[0]!);
      try {
        const used = await store.used(tagOf(tenantEnv), buckets, nowMs);
        return LIMITED_TIERS.map((tier, i) => ({ tier, limit: buckets[i]!.limit, used: used[i]! }));
      } catch {
        return null;
      }
    },

    async check(query: RateLimitQuery): Promise<RateDecision> {
      if (!isLimited(query.tier)) return { limited: false, headers: null };
      const { tenantId, environment } = query.tenantEnv;
      const counted = { tier: query.tier, tenantId, environment, externalUserId: query.externalUserId };
      try {
        const buckets = bucketsFor(counted, await options.raisedLimits.of(tenantId));
        return await store.take(tagOf(query.tenantEnv), buckets, options.clock.now().getTime());
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

function windowStoreOf(options: WindowLimiterOptions): WindowStore {
  return options.redis ? redisWindowStore(options.redis, options.keyPrefix ?? 'pm-rl') : memoryWindowStore();
}

const isLimited = (tier: string): tier is LimitedTier => (LIMITED_TIERS as readonly string[]).includes(tier);
