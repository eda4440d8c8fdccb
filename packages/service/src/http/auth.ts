import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Environment } from '../db/schema.js';
import { ApiError } from '../errors/index.js';
import { authenticateApiKey, type ApiKeyPrincipal } from '../domains/api-keys/authenticate-api-key.js';
import type { ServiceDeps } from '../deps.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: ApiKeyPrincipal | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}

/** The principal of an api_key route; routes call this instead of reading request.principal. */
export function principalOf(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.principal) throw new Error(`route ${request.routeOptions.url} reads a principal it did not authenticate`);
  return request.principal;
}

/**
 * Authenticates before the body is read, so unauthenticated callers cost no parsing, and checks the
 * route's scope (403 insufficient_scope).
 */
export function installTenantAuth(app: FastifyInstance, deps: ServiceDeps, environment: Environment): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const meta = request.routeOptions.config.meta;
    if (!meta || meta.credential === 'none') return;
    const token = bearerToken(request);
    if (!token) throw new ApiError('invalid_api_key', 'Send the API key as Authorization: Bearer <API_KEY>.');
    const principal = await authenticateApiKey(deps.db, token, environment);
    if (meta.scope && !principal.scopes.includes(meta.scope)) {
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
      throw new ApiError('invalid_api_key', 'Send the platform admin token as Authorization: Bearer <PLATFORM_ADMIN_TOKEN>.');
    }
  });
}
