/**
 * Every operation's `operationId`: `<resource>.<verb>`, the name the SDK's resource methods take
 * (`pm.balanceSync.create(…)`, docs/sdk.md) and the reference's anchors are made from. The verbs are
 * Stripe's where they fit (list, retrieve, create, update, delete) and the domain's where they say more
 * (a position is opened and closed, an order placed and cancelled, a sandbox market resolved). A route
 * missing here fails `npm test` (test/openapi-operations.test.ts), and an id, once published, is kept.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  'PUT /v1/users/{external_user_id}': 'users.upsert',
  'GET /v1/users/{external_user_id}': 'users.retrieve',
  'GET /v1/users/me': 'users.retrieveMe',
  'GET /v1/users/{external_user_id}/limits': 'users.retrieveLimits',
  'PUT /v1/users/{external_user_id}/limits': 'users.updateLimits',
  'POST /v1/balance-sync': 'balanceSync.create',
  'POST /v1/balance-sync/batch': 'balanceSync.createBatch',
  'GET /v1/transactions': 'transactions.list',
  'GET /v1/markets': 'markets.list',
  'GET /v1/markets/{slug}': 'markets.retrieve',
  'GET /v1/markets/{slug}/snapshot': 'markets.snapshot',
  'GET /v1/markets/{slug}/history': 'markets.history',
  'GET /v1/markets/{slug}/exposure': 'markets.exposure',
  'POST /v1/positions': 'positions.open',
  'GET /v1/positions': 'positions.list',
  'GET /v1/positions/{id}': 'positions.retrieve',
  'POST /v1/positions/quote': 'positions.quote',
  'POST /v1/positions/{id}/close': 'positions.close',
  'POST /v1/positions/{id}/close-quote': 'positions.closeQuote',
  'GET /v1/position-rejections': 'positionRejections.list',
  'POST /v1/orders': 'orders.place',
  'GET /v1/orders': 'orders.list',
  'GET /v1/orders/{id}': 'orders.retrieve',
  'DELETE /v1/orders/{id}': 'orders.cancel',
  'GET /v1/events': 'events.list',
  'POST /v1/webhooks/test': 'webhooks.sendTest',
  'GET /v1/tenant': 'tenant.retrieve',
  'GET /v1/tenant/settings': 'tenant.retrieveSettings',
  'PUT /v1/tenant/settings': 'tenant.updateSettings',
  'POST /v1/tenant/webhook-secret': 'tenant.rotateWebhookSecret',
  'POST /v1/reports': 'reports.create',
  'GET /v1/reports': 'reports.list',
  'GET /v1/reports/{id}': 'reports.retrieve',
  'GET /v1/reports/{id}/download': 'reports.download',
  'GET /v1/reconciliation/discrepancies': 'reconciliation.listDiscrepancies',
  'POST /v1/support-tickets': 'supportTickets.create',
  'GET /v1/support-tickets': 'supportTickets.list',
  'GET /v1/support-tickets/{id}': 'supportTickets.retrieve',
  'POST /v1/sandbox/markets': 'sandboxMarkets.create',
  'GET /v1/sandbox/markets': 'sandboxMarkets.list',
  'POST /v1/sandbox/markets/{slug}/resolve': 'sandboxMarkets.resolve',
  'POST /v1/sandbox/markets/{slug}/void': 'sandboxMarkets.void',
  'POST /v1/sandbox/markets/{slug}/corrections': 'sandboxMarkets.correct',
  'GET /v1/changelog': 'changelog.list',
  'POST /v1/widget/sessions': 'widgetSessions.create',
  'POST /v1/widget/sessions/refresh': 'widgetSessions.refresh',
  'GET /v1/widget/config': 'widget.retrieveConfig',
  'GET /v1/widget/stream': 'widget.stream',
  'GET /v1/widget/leaderboard': 'widget.leaderboard',
  'GET /v1/widget/profile': 'widget.retrieveProfile',
  'PUT /v1/widget/profile': 'widget.updateProfile',
  'DELETE /v1/widget/profile': 'widget.deleteProfile',
  'GET /v1/widget/saved-markets': 'widget.listSavedMarkets',
  'PUT /v1/widget/saved-markets/{market_slug}': 'widget.saveMarket',
  'DELETE /v1/widget/saved-markets/{market_slug}': 'widget.unsaveMarket',
  'POST /v1/widget/error-reports': 'widget.reportError',
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

type Document = { paths?: Record<string, Record<string, { operationId?: string }>> };

/** Sets each operation's `operationId` from the table; an operation the table misses keeps none (the test fails). */
export function withOperationIds<T>(document: T): T {
  for (const [path, item] of Object.entries((document as Document).paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const id = OPERATION_IDS[`${method.toUpperCase()} ${path}`];
      if (id !== undefined) operation.operationId = id;
    }
  }
  return document;
}
