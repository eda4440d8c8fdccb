// Generated from the served OpenAPI document by `npm run sdk:generate`. Do not edit.
/** The routes that take an Idempotency-Key: the client gives each call one unless the caller does. */
export const KEYED_OPERATIONS: ReadonlySet<string> = new Set([
  "POST /v1/balance-sync",
  "POST /v1/balance-sync/batch",
  "POST /v1/orders",
  "POST /v1/positions",
  "POST /v1/positions/{id}/close",
  "POST /v1/reports",
  "POST /v1/support-tickets"
]);

/** The event types the document describes; any other X-Webhook-Event is unknown (spec 6.1 rule 7). */
export const WEBHOOK_EVENT_TYPES = [
  "market.resolution_corrected",
  "market.resolved",
  "market.void_corrected",
  "market.voided",
  "order.filled",
  "position.closed",
  "position.opened",
  "position.settled",
  "position.settlement_corrected",
  "position.void_corrected",
  "position.voided",
  "reconciliation.discrepancy",
  "report.ready"
] as const;
