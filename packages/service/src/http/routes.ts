import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../deps.js';
import { ledgerRoutes } from '../domains/ledger/routes.js';
import { marketFeedRoutes, marketPlatformRoutes } from '../domains/markets/routes.js';
import { orderRoutes } from '../domains/orders/routes.js';
import { positionRoutes } from '../domains/positions/routes.js';
import { settlementRoutes } from '../domains/settlement/routes.js';
import { syncRoutes } from '../domains/sync/routes.js';
import { tenantPlatformRoutes } from '../domains/tenants/routes.js';
import { userRoutes } from '../domains/users/routes.js';
import { widgetSessionRoutes } from '../domains/widget-sessions/routes.js';
import { deadLetterPlatformRoutes, eventFeedRoutes } from '../domains/webhooks/routes.js';

/** The operator API (/v1) of a sandbox or live listener. */
export function tenantRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(userRoutes(deps));
    await app.register(syncRoutes(deps));
    await app.register(ledgerRoutes(deps));
    await app.register(marketFeedRoutes(deps));
    await app.register(widgetSessionRoutes(deps));
    await app.register(positionRoutes(deps));
    await app.register(orderRoutes(deps));
    await app.register(eventFeedRoutes(deps));
  };
}

/** The platform team's API (/platform/v1). */
export function platformRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(tenantPlatformRoutes(deps));
    await app.register(marketPlatformRoutes(deps));
    await app.register(deadLetterPlatformRoutes(deps));
    await app.register(settlementRoutes(deps));
  };
}
