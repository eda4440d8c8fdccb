import type { FastifyPluginAsync } from 'fastify';
import type { Environment } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';
import { apiReferenceRoutes } from './routes/api-reference.js';
import { docsSearchRoutes } from './routes/docs-search.js';
import { balanceSyncRoutes } from './routes/balance-sync.js';
import { changelogRoutes } from './routes/changelog.js';
import { engineStatsPlatformRoutes } from './routes/engine-stats.js';
import { exposureRoutes, platformExposureRoutes } from './routes/exposure.js';
import { killSwitchPlatformRoutes } from './routes/kill-switches.js';
import { tenantPausePlatformRoutes } from './routes/tenant-pauses.js';
import { ledgerRoutes } from './routes/ledger.js';
import { marketFeedRoutes, marketPlatformRoutes } from './routes/markets.js';
import { orderRoutes } from './routes/orders.js';
import { tenantPlatformRoutes } from './routes/platform-tenants.js';
import { portalLinkRoutes } from './routes/portal-links.js';
import { positionRoutes } from './routes/positions.js';
import { rateLimitPlatformRoutes } from './routes/rate-limits.js';
import { reportRoutes } from './routes/reports.js';
import { reconciliationPlatformRoutes, reconciliationRoutes } from './routes/reconciliation.js';
import { sandboxMarketRoutes } from './routes/sandbox-markets.js';
import { settlementRoutes } from './routes/settlement.js';
import { marketStatusPlatformRoutes, tradingRoutes } from './routes/trading.js';
import { userRoutes } from './routes/users.js';
import { deadLetterPlatformRoutes, eventFeedRoutes } from './routes/webhooks.js';
import { savedMarketRoutes } from './routes/saved-markets.js';
import { supportTicketPlatformRoutes, supportTicketRoutes } from './routes/support-tickets.js';
import { tenantSelfServiceRoutes } from './routes/tenant-self-service.js';
import { widgetPlatformRoutes, widgetRoutes } from './routes/widget.js';
import { widgetBundleRoutes } from './routes/widget-bundle.js';
import { sdkTarballRoutes } from './routes/sdk-tarball.js';
import { widgetSessionRoutes } from './routes/widget-sessions.js';
import { widgetStreamRoutes } from './routes/widget-stream.js';

/** The operator API (/v1) of a sandbox or live listener. */
export function tenantRoutes(deps: ServiceDeps, environment: Environment): FastifyPluginAsync {
  return async (app) => {
    await app.register(userRoutes(deps));
    await app.register(balanceSyncRoutes(deps));
    await app.register(ledgerRoutes(deps));
    await app.register(marketFeedRoutes(deps));
    await app.register(widgetSessionRoutes(deps));
    await app.register(widgetRoutes(deps));
    await app.register(savedMarketRoutes(deps));
    await app.register(widgetStreamRoutes(deps));
    await app.register(tradingRoutes(deps));
    await app.register(positionRoutes(deps));
    await app.register(exposureRoutes(deps));
    await app.register(orderRoutes(deps));
    await app.register(eventFeedRoutes(deps));
    await app.register(supportTicketRoutes(deps));
    await app.register(reportRoutes(deps));
    await app.register(reconciliationRoutes(deps));
    // Test markets are the sandbox's alone: on the live listener their paths are 404 not_found.
    if (environment === 'sandbox') await app.register(sandboxMarketRoutes(deps));
    await app.register(tenantSelfServiceRoutes(deps));
    await app.register(changelogRoutes());
    await app.register(widgetBundleRoutes(deps.widgetBundle));
    await app.register(sdkTarballRoutes(deps.sdkTarball));
    await app.register(apiReferenceRoutes());
    await app.register(docsSearchRoutes());
  };
}

/** The platform team's API (/platform/v1). */
export function platformRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(tenantPlatformRoutes(deps));
    await app.register(marketPlatformRoutes(deps));
    await app.register(marketStatusPlatformRoutes(deps));
    await app.register(deadLetterPlatformRoutes(deps));
    await app.register(platformExposureRoutes(deps));
    await app.register(settlementRoutes(deps));
    await app.register(killSwitchPlatformRoutes(deps));
    await app.register(tenantPausePlatformRoutes(deps));
    await app.register(rateLimitPlatformRoutes(deps));
    await app.register(widgetPlatformRoutes(deps));
    await app.register(supportTicketPlatformRoutes(deps));
    await app.register(reconciliationPlatformRoutes(deps));
    await app.register(portalLinkRoutes(deps));
    await app.register(engineStatsPlatformRoutes(deps));
  };
}
