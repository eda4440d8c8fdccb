import type { FastifyInstance } from 'fastify';
import type { RateLimiter, RateLimitQuery, RateTier } from '../domains/rate-limits/index.js';
import { ApiError } from '../errors/index.js';

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
 * body is read (the order of docs/operator-api.md, "Errors": credential, scope, kill switch, rate limit,
 * body, idempotency, work), so a refused request costs no parsing, applies nothing and spends no key.
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
