import type { FastifyInstance } from 'fastify';
import type { TenantEnv } from '../domains/context.js';
import { ApiError } from '../errors/index.js';
import type { RateTier } from './route-meta.js';

/** What a limiter is asked about one request: its tier, its tenant environment and, for a session, its user. */
export interface RateLimitQuery {
  tier: RateTier;
  tenantEnv: TenantEnv;
  externalUserId: string | null;
}

/** What the RateLimit-* headers of the answer say: the limit with the least remaining (decisions part 5). */
export interface RateHeaders {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export type RateDecision =
  | { limited: false; headers: RateHeaders | null }
  | { limited: true; retryAfterSeconds: number; headers: RateHeaders | null };

/** The rate-limiter port (spec 8.1): windowRateLimiter (rate-limiter.ts) for real, these below for tests. */
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

/** Every request passes, with no headers (tests that are not about limits). */
export const noRateLimits: RateLimiter = {
  check: async () => ({ limited: false, headers: null }),
  usage: async () => [],
};

/** A test limiter that refuses every request of the given tiers, and records what it was asked. */
export function refusingRateLimiter(tiers: readonly RateTier[], retryAfterSeconds = 1) {
  const asked: RateLimitQuery[] = [];
  const limiter: RateLimiter = {
    usage: async () => [],
    check: async (query) => {
      asked.push(query);
      return tiers.includes(query.tier)
        ? { limited: true, retryAfterSeconds, headers: null }
        : { limited: false, headers: null };
    },
  };
  return { limiter, asked };
}

/**
 * Asks the limiter about every authenticated tenant request, after its credential and scope and before its
 * body is read (decisions part 5: credential, scope, kill switch, rate limit, body, idempotency, work), so a
 * refused request costs no parsing, applies nothing and spends no key.
 */
export function installRateLimits(
  app: FastifyInstance,
  limiter: RateLimiter,
  onRefused: (tier: RateTier) => void = () => {},
): void {
  app.addHook('onRequest', async (request, reply) => {
    const meta = request.routeOptions.config.meta;
    const principal = request.principal;
    if (!meta || !principal) return;
    const externalUserId = principal.kind === 'user' ? principal.externalUserId : null;
    const decision = await limiter.check({ tier: meta.tier, tenantEnv: principal.tenantEnv, externalUserId });
    if (decision.headers) {
      reply.header('ratelimit-limit', decision.headers.limit);
      reply.header('ratelimit-remaining', decision.headers.remaining);
      reply.header('ratelimit-reset', decision.headers.resetSeconds);
    }
    if (decision.limited) {
      onRefused(meta.tier);
      throw new ApiError('rate_limited', 'Too many requests for this route; retry after Retry-After seconds.', {
        retryAfter: decision.retryAfterSeconds,
      });
    }
  });
}
