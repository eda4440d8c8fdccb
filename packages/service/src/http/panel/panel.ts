import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { installWebSite } from '../web/site-plugin.js';
import { auditRoutes } from './audit-log.js';
import { deadLetterRoutes } from './dead-letters.js';
import { eventRoutes } from './event-page.js';
import { marketRoutes } from './markets.js';
import { operationsRoutes } from './operations.js';
import { overviewRoutes } from './overview.js';
import { settlementRoutes } from './settlement.js';
import { signInRoutes } from './sign-in.js';
import { reconciliationRoutes } from './reconciliation.js';
import { recordRoutes } from './records.js';
import { requestRoutes } from './requests.js';
import { searchRoutes } from './search.js';
import { PANEL_SITE } from './site.js';
import { tenantRoutes } from './tenants.js';
import { ticketRoutes } from './tickets.js';

/**
 * The platform panel at /panel on the platform listener (docs/operations.md, "The platform panel"):
 * server-rendered pages and plain forms, so it works without script. Every page but the sign-in needs
 * the session cookie; every form post also needs its session's CSRF token (web/site-plugin.tsx);
 * every action goes through the platform API's verbs and into the audit log (web/act.ts).
 */
export function panelRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await installWebSite(app, deps, PANEL_SITE, 'panel');
    await app.register(signInRoutes(deps));
    await app.register(overviewRoutes(deps));
    await app.register(tenantRoutes(deps));
    await app.register(marketRoutes(deps));
    await app.register(settlementRoutes(deps));
    await app.register(deadLetterRoutes(deps));
    await app.register(reconciliationRoutes(deps));
    await app.register(operationsRoutes(deps));
    await app.register(ticketRoutes(deps));
    await app.register(auditRoutes(deps));
    await app.register(searchRoutes(deps));
    await app.register(recordRoutes(deps));
    await app.register(eventRoutes(deps));
    await app.register(requestRoutes(deps));
  };
}
