import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateApiKey, type Scope } from '../domains/api-keys/index.js';
import type { TenantEnv } from '../domains/context.js';
import { tenantSessionStates } from '../domains/tenants/index.js';
import { endedBySuspension } from '../domains/widget-sessions/index.js';
import { sessionScopeOf, verifySessionToken } from './session-token.js';
import type { Environment } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';
import { ApiError } from '../errors/index.js';
import type { Credential } from './route-meta.js';

/** Who called a tenant route: an operator's API key (with its scopes) or one end user's widget session. */
export type Principal =
  | { kind: 'operator'; tenantEnv: TenantEnv; keyId: string; scopes: readonly Scope[] }
  | {
      kind: 'user';
      tenantEnv: TenantEnv;
      externalUserId: string;
      capAt: Date;
      issuedAt: Date;
      expiresAt: Date;
      /** A short sandbox session's token lifetime (docs/guides/sandbox.md), kept by every refresh. */
      ttlSeconds?: number;
    };

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /**
     * The tenant environment a refused session token names (its signature ours, its time up): CORS
     * lets the widget read that 401 when the tenant lists the origin (http/cors.ts).
     */
    refusedSessionScope: TenantEnv | null;
    /** A session token (anything but an API key) was refused as invalid_session_token: readable by a listed origin. */
    refusedSession: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}

/** The principal of an authenticated route; routes call this instead of reading request.principal. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal)
    throw new Error(`route ${request.routeOptions.url} reads a principal it did not authenticate`);
  return request.principal;
}

const invalidKey = () => new ApiError('invalid_api_key', 'Send the API key as Authorization: Bearer <API_KEY>.');
const invalidSession = () =>
  new ApiError('invalid_session_token', 'The session token is missing, malformed, expired or revoked.');

async function authenticate(
  deps: ServiceDeps,
  environment: Environment,
  credential: Exclude<Credential, 'platform' | 'metrics' | 'none'>,
  token: string | null,
  renewsSession: boolean,
): Promise<Principal> {
  const isApiKey = token?.startsWith('pmk_') ?? false;
  if (credential === 'session') {
    if (!token || isApiKey) throw invalidSession();
  } else if (!token || (credential === 'api_key' && !isApiKey)) {
    throw invalidKey();
  }
  if (isApiKey) {
    const key = await authenticateApiKey(deps.db, token!, environment, deps.clock.now(), deps.apiKeys);
    if (!key.ok) throw new ApiError(key.rejection.code, key.rejection.message);
    const { keyId, scopes, tenantEnv } = key.value;
    return { kind: 'operator', tenantEnv, keyId, scopes };
  }
  const claims = await verifySessionToken(deps.widgetSessionSecret, token!, deps.clock.now());
  // A token of the other environment is as invalid as a forged one.
  if (!claims || claims.environment !== environment) throw invalidSession();
  // Tokens are not stored, so a suspension reaches a session only through this read (audit: a suspended
  // tenant's sessions kept trading for up to 15 minutes), one primary-key lookup.
  const tenant = (await tenantSessionStates(deps.db, [claims.tenantId])).get(claims.tenantId);
  if (tenant?.status !== 'active') {
    if (renewsSession) throw invalidSession();
    throw new ApiError('tenant_suspended', 'The tenant is suspended.');
  }
  // …and a token issued before the latest suspension stays ended once the tenant is active again (audit: it
  // worked again after a reactivation and refreshed on to its 24-hour cap).
  if (endedBySuspension(claims.issuedAt, tenant.sessionsNotBefore)) throw invalidSession();
  const tenantEnv = { tenantId: claims.tenantId, environment: claims.environment };
  const { externalUserId, capAt, issuedAt, expiresAt, ttlSeconds } = claims;
  return { kind: 'user', tenantEnv, externalUserId, capAt, issuedAt, expiresAt, ttlSeconds };
}

/**
 * Authenticates before the body is read, so unauthenticated callers cost no parsing, and checks an API
 * key's scope for the route (403 insufficient_scope).
 */
export function installTenantAuth(app: FastifyInstance, deps: ServiceDeps, environment: Environment): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('refusedSessionScope', null);
  app.decorateRequest('refusedSession', false);
  app.addHook('onRequest', async (request) => {
    const meta = request.routeOptions.config.meta;
    // The portal's pages check their own cookie (portal/portal.ts); the platform's tokens are installPlatformAuth's.
    if (!meta || meta.credential === 'none' || meta.credential === 'portal') return;
    if (meta.credential === 'platform' || meta.credential === 'metrics') return;
    const token = bearerToken(request);
    const principal = await authenticate(deps, environment, meta.credential, token, meta.renewsSession === true).catch(
      async (error: unknown) => {
        // No token at all on a session route is refused as invalid_session_token too, readable alike.
        if (!token?.startsWith('pmk_')) {
          const scope = token ? await sessionScopeOf(deps.widgetSessionSecret, token) : null;
          request.refusedSessionScope = scope?.environment === environment ? scope : null;
          request.refusedSession = error instanceof ApiError && error.code === 'invalid_session_token';
        }
        throw error;
      },
    );
    if (principal.kind === 'operator' && meta.scope && !principal.scopes.includes(meta.scope)) {
      throw new ApiError('insufficient_scope', `This route needs the scope ${meta.scope}.`);
    }
    request.principal = principal;
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a text is the platform admin token, compared in constant time (the API's bearer, the panel's sign-in). */
export function isAdminToken(deps: ServiceDeps, token: string): boolean {
  return timingSafeEqual(digest(token), digest(deps.platformAdminToken));
}

/** Whether a text is the metrics token (METRICS_TOKEN), when one is set, compared in constant time. */
function isMetricsToken(deps: ServiceDeps, token: string): boolean {
  return deps.metricsToken !== null && timingSafeEqual(digest(token), digest(deps.metricsToken));
}

/**
 * The platform listener takes the admin token; GET /metrics takes the metrics token as well, which reads
 * figures and nothing else, so a scraper's configuration never holds the key that pauses tenants.
 */
export function installPlatformAuth(app: FastifyInstance, deps: ServiceDeps): void {
  app.addHook('onRequest', async (request) => {
    const meta = request.routeOptions.config.meta;
    // The panel's pages check their own cookie (panel/panel.tsx).
    if (!meta || meta.credential === 'none' || meta.credential === 'panel') return;
    const token = bearerToken(request);
    if (token && isAdminToken(deps, token)) return;
    if (meta.credential === 'metrics') {
      if (token && isMetricsToken(deps, token)) return;
      throw new ApiError(
        'invalid_api_key',
        'Send METRICS_TOKEN or the platform admin token as Authorization: Bearer <token>.',
      );
    }
    throw new ApiError(
      'invalid_api_key',
      'Send the platform admin token as Authorization: Bearer <PLATFORM_ADMIN_TOKEN>.',
    );
  });
}
