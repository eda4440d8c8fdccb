import type { FastifyPluginAsync } from 'fastify';
import type { Environment } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import { installWebSite } from '../web/site-plugin.js';
import { marketRoutes } from './markets.js';
import { rateLimitRoutes } from './rate-limits.js';
import { reconciliationRoutes } from './reconciliation.js';
import { reportRoutes } from './reports.js';
import { requestRoutes } from './requests.js';
import { settingsRoutes } from './settings.js';
import { signInRoutes } from './sign-in.js';
import { portalSite } from './site.js';
import { ticketRoutes } from './tickets.js';
import { userRoutes } from './users.js';
import { webhookRoutes } from './webhooks.js';

/**
 * The tenant portal at /portal on the sandbox and live listeners (docs/operations.md, "The tenant
 * portal"), for a tenant's staff: signed in by a one-time link from the platform, each session bound
 * to one tenant environment (the listener's). The same page machinery as the platform panel (web/).
 */
export function portalRoutes(deps: ServiceDeps, environment: Environment): FastifyPluginAsync {
  return async (app) => {
    // Web pages, not the operator API: kept out of the OpenAPI document (and so out of the SDK).
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    await installWebSite(app, deps, portalSite(environment), 'portal');
    await app.register(signInRoutes(deps, environment));
    await app.register(settingsRoutes(deps));
    await app.register(marketRoutes(deps));
    await app.register(webhookRoutes(deps));
    await app.register(reportRoutes(deps));
    await app.register(ticketRoutes(deps));
    await app.register(reconciliationRoutes(deps));
    await app.register(rateLimitRoutes(deps));
    await app.register(requestRoutes(deps));
    await app.register(userRoutes(deps));
  };
}
