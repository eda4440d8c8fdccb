import type { FastifyRequest } from 'fastify';
import { tenantContextOf, type TenantCtx } from '../../domains/context.js';
import type { ServiceDeps } from '../../deps.js';
import { sessionOf } from '../web/web-session.js';

/**
 * A portal page's verb context: the session's tenant environment, the staff member as the actor. Verbs
 * see what the operator's key sees there, and nothing of any other tenant environment.
 */
export function staffCtx(deps: ServiceDeps, request: FastifyRequest): TenantCtx {
  const session = sessionOf(request);
  return tenantContextOf(deps, session.scope!, { kind: 'staff', name: session.who }, request.log);
}
