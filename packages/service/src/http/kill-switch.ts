import type { FastifyInstance } from 'fastify';
import { isTenantPauseName, PAUSED_CODE, type PausedSwitches } from '../domains/kill-switches/index.js';
import { ApiError } from '../errors/index.js';

/**
 * Answers a route whose kill switch is paused with its 503 code (docs/operations.md, "Kill switches"), after the
 * credential and scope and before the rate limit and the body: a paused request is not recorded and
 * spends no Idempotency-Key. Which switch pauses a route is the route's declaration (RouteMeta). A
 * tenant's own pause of sync or positions answers the same code, for that tenant's callers alone: the
 * tenant is known here, since authentication has run.
 */
export function installKillSwitches(app: FastifyInstance, switches: PausedSwitches): void {
  app.addHook('onRequest', async (request) => {
    const name = request.routeOptions.config.meta?.killSwitch;
    if (name === undefined) return;
    const paused = await switches.pausedNow();
    if (paused.global.has(name)) {
      throw new ApiError(PAUSED_CODE[name], `The platform has paused this (kill switch ${name}); try again later.`);
    }
    const tenantId = request.principal?.tenantEnv.tenantId;
    if (tenantId !== undefined && isTenantPauseName(name) && paused.tenants.get(tenantId)?.has(name)) {
      throw new ApiError(
        PAUSED_CODE[name],
        `The platform has paused ${name === 'sync' ? 'balance syncs' : 'new positions and orders'} for this operator; ` +
          'ask the platform team, or try again later.',
      );
    }
  });
}
