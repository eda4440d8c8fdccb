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

export type RateDecision = { limited: false } | { limited: true; retryAfterSeconds: number };

/** The rate-limiter port (spec 8.1); the tiers and counters come with the guards (issue 8). */
export interface RateLimiter {
  check(query: RateLimitQuery): Promise<RateDecision>;
}

/** The real limiter until the guards land: every request passes. */
export const noRateLimits: RateLimiter = { check: async () => ({ limited: false }) };

/** A test limiter that refuses every request of the given tiers, and records what it was asked. */
export function refusingRateLimiter(tiers: readonly RateTier[], retryAfterSeconds = 1) {
  const asked: RateLimitQuery[] = [];
  const limiter: RateLimiter = {
    check: async (query) => {
      asked.push(query);
      return tiers.includes(query.tier) ? { limited: true, retryAfterSeconds } : { limited: false };
    },
  };
  return { limiter, asked };
}

/**
 * Asks the limiter about every authenticated tenant request, after its credential and scope and before its
 * body is read (decisions part 5: credential, scope, kill switch, rate limit, body, idempotency, work), so a
 * refused request costs no parsing, applies nothing and spends no key.
 */
export function installRateLimits(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRequest', async (request) => {
    const meta = request.routeOptions.config.meta;
    const principal = request.principal;
    if (!meta || !principal) return;
    const externalUserId = principal.kind === 'user' ? principal.externalUserId : null;
    const decision = await limiter.check({ tier: meta.tier, tenantEnv: principal.tenantEnv, externalUserId });
    if (decision.limited) {
      throw new ApiError('rate_limited', 'Too many requests for this route; retry after Retry-After seconds.', {
        retryAfter: decision.retryAfterSeconds,
      });
    }
  });
}
