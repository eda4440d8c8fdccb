// Generated from the served OpenAPI document by `npm run sdk:generate`. Do not edit.
/** The routes that take an Idempotency-Key: the client gives each call one unless the caller does. */
export const KEYED_OPERATIONS: ReadonlySet<string> = new Set([
  "POST /v1/balance-sync",
  "POST /v1/balance-sync/batch",
  "POST /v1/orders",
  "POST /v1/positions",
  "POST /v1/positions/{id}/close",
  "POST /v1/reports",
  "POST /v1/sandbox/markets",
  "POST /v1/sandbox/markets/{slug}/corrections",
  "POST /v1/sandbox/markets/{slug}/resolve",
  "POST /v1/sandbox/markets/{slug}/void",
  "POST /v1/support-tickets",
  "POST /v1/webhooks/test"
]);

/** The keyed routes that move money: the caller must give the key (a compile error otherwise). */
export const KEY_REQUIRED_OPERATIONS: ReadonlySet<string> = new Set([
  "POST /v1/balance-sync",
  "POST /v1/balance-sync/batch",
  "POST /v1/orders",
  "POST /v1/positions",
  "POST /v1/positions/{id}/close"
]);

/** The event types the document describes; any other X-Webhook-Event is unknown: answer 2xx, ignore it. */
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

/**
 * Each error code of the catalog (the document's x-error-catalog): its status, whether and how to send
 * the request again (same_key: as it was; new_key: once the cause is fixed, under a new key; no), and
 * what the operator does about it.
 */
export const ERROR_CATALOG: Readonly<Record<string, { status: number; retry: 'same_key' | 'new_key' | 'no'; action: string }>> = {
  "feed_paused": {
    "status": 503,
    "retry": "same_key",
    "action": "Keep showing the last data you read and read again after a backoff."
  },
  "idempotency_key_in_progress": {
    "status": 409,
    "retry": "same_key",
    "action": "Wait Retry-After seconds and send the same body with the same key; a new key could apply the write twice."
  },
  "idempotency_key_required": {
    "status": 400,
    "retry": "no",
    "action": "Add an Idempotency-Key header made from your own record's id and send the request again."
  },
  "idempotency_key_reused": {
    "status": 422,
    "retry": "no",
    "action": "Fix the client: a retry sends the byte-identical body of the first request; a different intent needs its own key."
  },
  "insufficient_scope": {
    "status": 403,
    "retry": "no",
    "action": "Call the endpoint with a key that has its scope (the reference names it), or issue such a key."
  },
  "internal_error": {
    "status": 500,
    "retry": "same_key",
    "action": "Send the same request with the same key after a backoff (a write that did apply replays its answer); if it persists, report the request_id."
  },
  "invalid_api_key": {
    "status": 401,
    "retry": "no",
    "action": "Check that the key belongs to the environment you call (sandbox or live) and is not revoked; issue or rotate a key if it is lost."
  },
  "invalid_session_token": {
    "status": 401,
    "retry": "same_key",
    "action": "Refresh the session and send the original request again with the same key; if the refresh is refused too, mint a new session."
  },
  "market_not_ready": {
    "status": 503,
    "retry": "same_key",
    "action": "Wait Retry-After seconds and send the same request with the same key."
  },
  "market_suspended": {
    "status": 409,
    "retry": "same_key",
    "action": "Wait for the market to reopen (market feed or lifecycle webhooks), then send the same request with the same key."
  },
  "not_found": {
    "status": 404,
    "retry": "no",
    "action": "Check the id or slug and the environment: sandbox and live resources are invisible to each other."
  },
  "position_terminal": {
    "status": 409,
    "retry": "no",
    "action": "Read the position: it has already ended and there is nothing to close."
  },
  "positions_paused": {
    "status": 503,
    "retry": "same_key",
    "action": "Tell the user opening is paused and send again with the same key after a backoff; closes still work."
  },
  "price_moved": {
    "status": 409,
    "retry": "no",
    "action": "Quote again, let the user confirm the new price, and send a new request with the new max_price or min_price and a new key."
  },
  "rate_limited": {
    "status": 429,
    "retry": "same_key",
    "action": "Wait Retry-After seconds and send the same request with the same key; retrying sooner keeps the limit active."
  },
  "report_expired": {
    "status": 410,
    "retry": "no",
    "action": "Request a new report with a new key and download it before its expires_at."
  },
  "report_limit_reached": {
    "status": 409,
    "retry": "same_key",
    "action": "Wait until one of your reports is ready (poll GET /v1/reports/{id}; there is no Retry-After), then send the same request with the same key."
  },
  "request_too_large": {
    "status": 413,
    "retry": "no",
    "action": "Shrink the body or split it (a balance-sync batch takes at most 500 items)."
  },
  "sandbox_limit_reached": {
    "status": 409,
    "retry": "no",
    "action": "Lower the stake to error.details.remaining or less and send that as a new request, or test large stakes on a sandbox test market (POST /v1/sandbox/markets)."
  },
  "saved_markets_limit_reached": {
    "status": 409,
    "retry": "no",
    "action": "Let the user remove a saved market first; the save succeeds then."
  },
  "stake_limit_exceeded": {
    "status": 409,
    "retry": "no",
    "action": "Lower the stake to error.details.remaining or less and send that as a new request."
  },
  "state_conflict": {
    "status": 409,
    "retry": "no",
    "action": "Read the resource and act on the state it is in (an order already filled, expired or rejected cannot be cancelled)."
  },
  "sync_paused": {
    "status": 503,
    "retry": "same_key",
    "action": "Queue the movement and send it again with the same key after a backoff; nothing was recorded."
  },
  "tenant_suspended": {
    "status": 403,
    "retry": "no",
    "action": "Contact the platform: a suspension is contractual and no request succeeds until it is lifted."
  },
  "unknown_user": {
    "status": 404,
    "retry": "no",
    "action": "Register the user with PUT /v1/users/{external_user_id}, then send the request again; its key was not spent."
  },
  "user_blocked": {
    "status": 403,
    "retry": "no",
    "action": "Set the user active with PUT /v1/users/{external_user_id} if the block is over; otherwise tell the user trading is unavailable."
  },
  "user_excluded": {
    "status": 403,
    "retry": "no",
    "action": "Tell the player the break runs until error.details.excluded_until; closing positions and withdrawing still work. A break cannot be shortened."
  },
  "user_limit_reached": {
    "status": 409,
    "retry": "no",
    "action": "Offer the player error.details.remaining or less as a new request, or tell them more frees at error.details.resets_at."
  },
  "validation_failed": {
    "status": 400,
    "retry": "no",
    "action": "Fix the field that error.details.issues names (amounts are decimal strings) and send the corrected request. A close with error.details.reason \"proceeds_too_small\" has nothing to fix: the shares are worth less than 0.01; the position settles when the market ends."
  },
  "widget_paused": {
    "status": 503,
    "retry": "same_key",
    "action": "Hide or grey out the widget and mint or refresh again after a backoff."
  },
  "would_overdraw": {
    "status": 409,
    "retry": "new_key",
    "action": "Reconcile the balance (GET the user) and, once funds arrived or the amount is lowered, send the debit under a new key: the refusal is stored for the old one."
  }
};
