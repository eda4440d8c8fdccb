import type { FastifyInstance } from 'fastify';
import { PAUSED_CODE, type PausedSwitches } from '../domains/kill-switches/index.js';
import { ApiError } from '../errors/index.js';

/**
 * Answers a route whose kill switch is paused with its 503 code (decisions part 5), after the
 * credential and scope and before the rate limit and the body: a paused request is not recorded and
 * spends no Idempotency-Key. Which switch pauses a route is the route's declaration (RouteMeta).
 */
export function installKillSwitches(app: FastifyInstance, switches: PausedSwitches): void {
  app.addHook('onRequest', async (request) => {
    const name = request.routeOptions.config.meta?.killSwitch;
    if (name === undefined || !(await switches.paused()).has(name)) return;
    throw new ApiError(PAUSED_CODE[name], `The platform has paused this (kill switch ${name}); try again later.`);
  });
}
