import type { FastifyRequest } from 'fastify';
import { contextOf, tenantContextOf, type Ctx, type PlatformActor, type TenantCtx } from '../domains/context.js';
import type { ServiceDeps } from '../deps.js';
import { principalOf } from './auth.js';

/** The context of a tenant route's verb: the caller's tenant environment and actor, now, the request's logger. */
export function tenantCtx(deps: ServiceDeps, request: FastifyRequest): TenantCtx {
  const principal = principalOf(request);
  const actor =
    principal.kind === 'operator'
      ? { kind: 'operator' as const, keyId: principal.keyId }
      : { kind: 'user' as const, externalUserId: principal.externalUserId };
  return tenantContextOf(deps, principal.tenantEnv, actor, request.log);
}

/** The context of a platform route's verb. */
export function platformCtx(deps: ServiceDeps, request: FastifyRequest): Ctx<PlatformActor> {
  return contextOf(deps, { kind: 'platform' }, request.log);
}
