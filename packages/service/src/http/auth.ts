import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Environment } from '../db/schema.js';
import { ApiError } from '../errors/index.js';
import { authenticateApiKey, type ApiKeyPrincipal } from '../domains/api-keys/authenticate-api-key.js';
import { verifySessionToken } from '../domains/widget-sessions/model/session-token.js';
import type { TenantEnv } from '../domains/tenant-env.js';
import type { ServiceDeps } from '../deps.js';
import type { Credential } from './route-meta.js';

/** A widget session: one user of one tenant environment, no scopes. */
export interface SessionPrincipal extends TenantEnv {
  kind: 'session';
  externalUserId: string;
  capAt: Date;
}

export type Principal = (ApiKeyPrincipal & { kind: 'api_key' }) | SessionPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
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

/** The external_user_id a session is bound to, or null for the API key (which names users in the body or query). */
export function sessionUserOf(request: FastifyRequest): string | null {
  const principal = principalOf(request);
  return principal.kind === 'session' ? principal.externalUserId : null;
}

const invalidKey = () => new ApiError('invalid_api_key', 'Send the API key as Authorization: Bearer <API_KEY>.');
const invalidSession = () =>
  new ApiError('invalid_session_token', 'The session token is missing, malformed, expired or revoked.');

async function authenticate(
  deps: ServiceDeps,
  environment: Environment,
  credential: Exclude<Credential, 'platform' | 'none'>,
  token: string | null,
): Promise<Principal> {
  const isApiKey = token?.startsWith('pmk_') ?? false;
  if (credential === 'session') {
    if (!token || isApiKey) throw invalidSession();
  } else if (!token || (credential === 'api_key' && !isApiKey)) {
    throw invalidKey();
  }
  if (isApiKey) return { kind: 'api_key', ...(await authenticateApiKey(deps.db, token!, environment)) };
  const claims = await verifySessionToken(deps.widgetSessionSecret, token!, deps.clock.now());
  // A token of the other environment is as invalid as a forged one.
  if (!claims || claims.environment !== environment) throw invalidSession();
  return { kind: 'session', ...claims };
}

/**
 * Authenticates before the body is read, so unauthenticated callers cost no parsing, and checks an API
 * key's scope for the route (403 insufficient_scope).
 */
export function installTenantAuth(app: FastifyInstance, deps: ServiceDeps, environment: Environment): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const meta = request.routeOptions.config.meta;
    if (!meta || meta.credential === 'none' || meta.credential === 'platform') return;
    const principal = await authenticate(deps, environment, meta.credential, bearerToken(request));
    if (principal.kind === 'api_key' && meta.scope && !principal.scopes.includes(meta.scope)) {
      throw new ApiError('insufficient_scope', `This route needs the scope ${meta.scope}.`);
    }
    request.principal = principal;
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The platform listener takes one bearer token, compared in constant time. */
export function installPlatformAuth(app: FastifyInstance, deps: ServiceDeps): void {
  const expected = digest(deps.platformAdminToken);
  app.addHook('onRequest', async (request) => {
    const meta = request.routeOptions.config.meta;
    if (!meta || meta.credential === 'none') return;
    const token = bearerToken(request);
    if (!token || !timingSafeEqual(digest(token), expected)) {
      throw new ApiError(
        'invalid_api_key',
        'Send the platform admin token as Authorization: Bearer <PLATFORM_ADMIN_TOKEN>.',
      );
    }
  });
}
