/**
 * The rate tiers and the buckets a request is counted in (docs/operator-api.md, "Rate limits").
 * Pure: the limiter (http/rate-limiter.ts) keeps the counters and asks judge.ts what they mean.
 */
export const LIMITED_TIERS = [
  'balance_sync',
  'user_sync',
  'positions',
  'default',
  'feed_read',
  'widget_session',
  'users_me',
  'saved_markets',
] as const;
export type LimitedTier = (typeof LIMITED_TIERS)[number];

/** Every route's tier: the limited ones, the platform listener's own and unlimited public reads (health, docs). */
export type RateTier = LimitedTier | 'platform' | 'public';

/** Requests per 60 s: per tenant environment, and per end user for session-token requests. */
export const SPEC_LIMITS: Record<LimitedTier, { tenant: number; endUser: number | null }> = {
  balance_sync: { tenant: 450, endUser: null },
  user_sync: { tenant: 3_000, endUser: null },
  positions: { tenant: 4_500, endUser: 10 },
  default: { tenant: 600, endUser: 60 },
  feed_read: { tenant: 600, endUser: 60 },
  widget_session: { tenant: 13_500, endUser: 10 },
  users_me: { tenant: 4_500, endUser: 60 },
  saved_markets: { tenant: 5_400, endUser: 20 },
};

/**
 * Tiers whose session-token requests count against the end user only, not the tenant (the contract's rule for
 * feed_read; our choice for default, so one end user's reads cannot spend the operator's budget: docs/operator-api.md,
 * "Rate limits").
 */
export const COUNTED_APART: readonly LimitedTier[] = ['default', 'feed_read'];

/** Only these tenant limits can be raised, never an end-user limit (docs/operator-api.md, "Rate limits"). */
export const RAISABLE_TIERS = ['balance_sync', 'positions', 'default'] as const satisfies readonly LimitedTier[];
export type RaisableTier = (typeof RAISABLE_TIERS)[number];
export type RaisedLimits = Partial<Record<RaisableTier, number>>;

/** One counter a request is counted in, and the limit that applies to it. */
export interface Bucket {
  key: string;
  limit: number;
}

export interface CountedRequest {
  tier: LimitedTier;
  tenantId: string;
  environment: string;
  /** The session's user; null for an API-key request (which meets only the tenant limit). */
  externalUserId: string | null;
}

/**
 * The counters a request counts in. An API-key request: its tenant environment's. A session request:
 * its user's and, except in the tiers counted apart, the tenant's too (the end-user limit does not change
 * the tenant limit; session reads in feed_read and default count against the user only).
 */
export function bucketsFor(request: CountedRequest, raised: RaisedLimits): Bucket[] {
  const spec = SPEC_LIMITS[request.tier];
  const scope = `${request.tier}:${request.tenantId}:${request.environment}`;
  const tenant = { key: scope, limit: raised[request.tier as RaisableTier] ?? spec.tenant };
  if (request.externalUserId === null) return [tenant];
  const user = spec.endUser === null ? [] : [{ key: `${scope}:u:${request.externalUserId}`, limit: spec.endUser }];
  return COUNTED_APART.includes(request.tier) ? user : [...user, tenant];
}

/** What a bucket says of a request: what the RateLimit-* headers would tell from it. */
export interface BucketState {
  limit: number;
  /** It had room for the request. */
  allowed: boolean;
  remaining: number;
  /** Seconds until the next request would pass (refusing), or until its oldest counted request leaves the window. */
  resetSeconds: number;
}

/** The limit a response's RateLimit-* headers describe: the one with the least remaining (the first of equals). */
export function tightest(states: readonly BucketState[]): BucketState | null {
  return states.reduce<BucketState | null>((a, b) => (a === null || b.remaining < a.remaining ? b : a), null);
}
