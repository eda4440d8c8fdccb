import type { Scope } from '../domains/api-keys/index.js';
import type { KillSwitchName } from '../domains/kill-switches/index.js';
import type { RateTier } from '../domains/rate-limits/index.js';
import type { Deprecated } from './deprecation.js';

export type { RateTier };

/**
 * Which credential a route takes: the tenant API key, a widget session token, either, the platform
 * admin token, the admin token or the read-only metrics token (GET /metrics), the platform panel's or
 * the tenant portal's session cookie (panel/, portal/), or none.
 */
export type Credential =
  'api_key' | 'session' | 'api_key_or_session' | 'platform' | 'metrics' | 'panel' | 'portal' | 'none';

/**
 * What every route declares about itself. The auth hook reads credential and scope, the rate-limit hook
 * tier, the idempotency hook idempotent.
 */
export interface RouteMeta {
  tier: RateTier;
  credential: Credential;
  /** Scope an API key needs (a session token has no scopes: it reaches only routes that accept it). */
  scope?: Scope;
  /** Write routes that require an Idempotency-Key header. */
  idempotent?: boolean;
  /**
   * The session refresh: a session of a suspended tenant is 401 invalid_session_token here (it cannot
   * be renewed: docs/operator-api.md, "Widget sessions"), and 403 tenant_suspended on every other route.
   */
  renewsSession?: boolean;
  /** The kill switch that pauses this route (docs/operations.md, "Kill switches"): 503 with its code while paused. */
  killSwitch?: KillSwitchName;
  /**
   * Marks the route deprecated (docs/operator-api.md, "Versioning"): its answers carry Deprecation, Sunset and Link.
   */
  deprecated?: Deprecated;
  /**
   * A route browsers never call (the session mint, which holds the API key): no CORS header, not even to a preflight.
   */
  serverOnly?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    meta?: RouteMeta;
  }
}
