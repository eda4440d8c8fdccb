import type { TenantEnv } from '../context.js';
import type { RateTier } from './model/tiers.js';

/*
 * The rate-limiter port (docs/operator-api.md, "Rate limits") and what it answers. It sits with the tiers, not beside
 * the fastify hook that asks it (http/rate-limit.ts), so that the ports the listeners share (deps.ts) name it without
 * importing the HTTP layer, and a limiter can be built and measured without a server (bench/rate-limiter.ts).
 */

/** What a limiter is asked about one request: its tier, its tenant environment and, for a session, its user. */
export interface RateLimitQuery {
  tier: RateTier;
  tenantEnv: TenantEnv;
  externalUserId: string | null;
}

/** What the RateLimit-* headers of the answer say: the limit with the least remaining (docs/operator-api.md). */
export interface RateHeaders {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export type RateDecision =
  | { limited: false; headers: RateHeaders | null }
  | { limited: true; retryAfterSeconds: number; headers: RateHeaders | null };

/** The rate-limiter port: windowRateLimiter (http/rate-limiter.ts), or a test one (http/rate-limit.ts). */
export interface RateLimiter {
  check(query: RateLimitQuery): Promise<RateDecision>;
  /**
   * A tenant environment's use of its own limit in each tier over the last 60 s, counting nothing (the
   * tenant portal's screen). Null where the counters cannot be read (Redis down).
   */
  usage(tenantEnv: TenantEnv): Promise<TierUsage[] | null>;
}

export interface TierUsage {
  tier: string;
  limit: number;
  used: number;
}
