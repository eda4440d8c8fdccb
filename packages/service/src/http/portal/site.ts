import type { Environment } from '../../db/schema.js';
import type { WebSite } from '../web/web-session.js';

/**
 * The tenant portal (docs/operations.md, "The tenant portal") on one of the sandbox and live
 * listeners: its cookie (one per environment, so that both can be signed in at once on one host),
 * path and screens.
 */
export function portalSite(environment: Environment): WebSite {
  return {
    kind: 'portal',
    brand: `Operator portal (${environment})`,
    path: '/portal',
    cookie: `pm_portal_${environment}`,
    environment,
    screens: [
      ['/portal', 'Settings'],
      ['/portal/requests', 'Requests'],
      ['/portal/users', 'Users'],
      ['/portal/markets', 'Markets'],
      ['/portal/webhooks', 'Webhooks'],
      ['/portal/reports', 'Reports'],
      ['/portal/tickets', 'Support'],
      ['/portal/reconciliation', 'Reconciliation'],
      ['/portal/rate-limits', 'Rate limits'],
    ],
  };
}

/**
 * A portal page's route options: its session cookie is its credential. Tier public: the operator API's
 * rate limits count an API key's or a session token's requests, and a page has neither.
 */
export const signedIn = { config: { meta: { tier: 'public', credential: 'portal' } } } as const;
