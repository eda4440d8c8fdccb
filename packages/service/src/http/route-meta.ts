import type { Scope } from '../domains/api-keys/model/scopes.js';

/** Rate tiers of spec 8.1, plus the platform listener's own and unlimited public reads (health, docs). */
export type RateTier =
  | 'balance_sync'
  | 'user_sync'
  | 'positions'
  | 'default'
  | 'feed_read'
  | 'widget_session'
  | 'users_me'
  | 'saved_markets'
  | 'platform'
  | 'public';

/** Which credential a route takes. */
export type Credential = 'api_key' | 'platform' | 'none';

/**
 * What every route declares about itself. The auth hook reads credential and scope, the idempotency
 * hook reads idempotent, and the rate limiter (a later capability) reads tier.
 */
export interface RouteMeta {
  tier: RateTier;
  credential: Credential;
  /** Required scope for api_key routes. */
  scope?: Scope;
  /** Write routes that require an Idempotency-Key header. */
  idempotent?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    meta?: RouteMeta;
  }
}
