import type { WebSite } from '../web/web-session.js';

/** The platform panel (docs/operations.md, "The platform panel"): its cookie, its path and its screens. */
export const PANEL_SITE: WebSite = {
  kind: 'panel',
  brand: 'Platform panel',
  path: '/panel',
  cookie: 'pm_panel',
  search: { action: '/panel/search', label: 'Find by id or name' },
  screens: [
    ['/panel', 'Overview'],
    ['/panel/tenants', 'Tenants'],
    ['/panel/markets', 'Markets'],
    ['/panel/requests', 'Requests'],
    ['/panel/dead-letters', 'Dead letters'],
    ['/panel/reconciliation', 'Reconciliation'],
    ['/panel/tickets', 'Tickets'],
    ['/panel/widget-errors', 'Widget errors'],
    ['/panel/kill-switches', 'Kill switches'],
    ['/panel/audit', 'Audit log'],
  ],
};

/** A panel page's route options: its session cookie is its credential. */
export const signedIn = { config: { meta: { tier: 'platform', credential: 'panel' } } } as const;
