/**
 * The rate tiers of spec 8.1 and how a request is counted (decisions part 5). Pure: the limiter
 * (http/rate-limiter.ts) keeps the counters and asks these functions what they mean.
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
 * Tiers whose session-token requests count against the end user only, not the tenant (spec 8.1 rule 2 for
 * feed_read; decisions part 5 for default, so one end user's reads cannot spend the operator's budget).
 */
export const COUNTED_APART: readonly LimitedTier[] = ['default', 'feed_read'];

/** Spec 8.1 rule 5: only these tenant limits can be raised. */
export const RAISABLE_TIERS = ['balance_sync', 'positions', 'default'] as const satisfies readonly LimitedTier[];
export type RaisableTier = (typeof RAISABLE_TIERS)[number];
export type RaisedLimits = Partial<Record<RaisableTier, number>>;

export const WINDOW_MS = 60_000;

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
 * its user's and, except in the tiers counted apart, the tenant's too (rule 1: the end-user limit does
 * not change the tenant limit; rule 2 and decisions part 5: session reads in feed_read and default count
 * against the user only).
 */
export function bucketsFor(request: CountedRequest, raised: RaisedLimits): Bucket[] {
  const spec = SPEC_LIMITS[request.tier];
  const scope = `${request.tier}:${request.tenantId}:${request.environment}`;
  const tenant = { key: scope, limit: raised[request.tier as RaisableTier] ?? spec.tenant };
  if (request.externalUserId === null) return [tenant];
  const user = spec.endUser === null ? [] : [{ key: `${scope}:u:${request.externalUserId}`, limit: spec.endUser }];
  return COUNTED_APART.includes(request.tier) ? user : [...user, tenant];
}

/**
 * A sliding 60 s window estimated from two fixed windows (the current one and the one before, weighted
 * by how much of it still overlaps the last 60 s). `current` includes this request; which refused
 * requests stay counted is model/refusals.ts's rule.
 */
export interface WindowCounts {
  previous: number;
  current: number;
  /** Time since the current fixed window began. */
  elapsedMs: number;
}

export interface BucketState {
  limit: number;
  allowed: boolean;
  remaining: number;
  /** Seconds until the next request would be allowed (refused), or until the window turns (allowed). */
  resetSeconds: number;
}

export function bucketState(limit: number, counts: WindowCounts): BucketState {
  const { previous, current, elapsedMs } = counts;
  const weight = 1 - elapsedMs / WINDOW_MS;
  const used = previous * weight + current;
  const allowed = used <= limit;
  const remaining = Math.max(0, Math.floor(limit - used));
  return {
    limit,
    allowed,
    remaining,
    resetSeconds: allowed ? secondsUntil(WINDOW_MS - elapsedMs) : retryAfterSeconds(limit, counts),
  };
}

/**
 * When the next request would pass if no other came, given the counts that stay: the previous window's
 * weight must fall until previous × weight + current + 1 ≤ limit, in this window or, when the current
 * count alone is over, in the next one (where this window becomes the previous one).
 */
export function retryAfterSeconds(limit: number, { previous, current, elapsedMs }: WindowCounts): number {
  const room = limit - 1;
  // Nothing left over from the previous window and room now: the next request would pass at once.
  if (current <= room && previous === 0) return 1;
  if (current <= room) {
    // Within this window: previous × (1 − t/W) ≤ room − current.
    const t = WINDOW_MS * (1 - (room - current) / previous);
    return secondsUntil(t - elapsedMs);
  }
  // In the next window, with nothing counted there yet: current × (1 − t/W) ≤ room.
  const t = WINDOW_MS * (1 - room / current);
  return secondsUntil(WINDOW_MS - elapsedMs + t);
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The fixed window an instant falls in, and how far into it. */
export function windowOf(nowMs: number): { index: number; elapsedMs: number } {
  return { index: Math.floor(nowMs / WINDOW_MS), elapsedMs: nowMs % WINDOW_MS };
}

/** The limit a response's RateLimit-* headers describe: the one with the least remaining (decisions part 5). */
export function tightest(states: readonly BucketState[]): BucketState | null {
  return states.reduce<BucketState | null>((a, b) => (a === null || b.remaining < a.remaining ? b : a), null);
}
