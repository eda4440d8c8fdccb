import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { ledgerRoutes } from '../domains/ledger/routes.js';
import { syncRoutes } from '../domains/sync/routes.js';
import { tenantPlatformRoutes } from '../domains/tenants/routes.js';
import { userRoutes } from '../domains/users/routes.js';
import { widgetSessionRoutes } from '../domains/widget-sessions/routes.js';

/** The operator API (/v1) of a sandbox or live listener. */
export function tenantRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(userRoutes(deps));
    await app.register(syncRoutes(deps));
    await app.register(ledgerRoutes(deps));
    await app.register(widgetSessionRoutes(deps));
  };
}

/** The platform team's API (/platform/v1). */
export function platformRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(tenantPlatformRoutes(deps));
  };
}
