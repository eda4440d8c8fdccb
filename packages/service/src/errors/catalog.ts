/**
 * How a client acts on a refusal, read from what the service does with the request's Idempotency-Key:
 * - `same_key`: nothing was recorded and the key was not spent, so the same request may be sent again as
 *   is, with the same key and body, after Retry-After or a backoff (a keyed write that did apply replays).
 * - `new_key`: the refusal is stored against the key and replayed for it (a refused balance-sync debit:
 *   docs/operator-api.md, "Balance sync"), so once the cause is fixed the request goes again under a new key.
 * - `no`: the request or the setup is wrong; sending it again changes nothing until that is fixed.
 */
export type RetryAdvice = 'same_key' | 'new_key' | 'no';

/**
 * Every error code of the contract (docs/guides/errors.md, "Every code") with its HTTP status, what it means, whether
 * and how to retry it (`retry`) and what the operator does about it (`action`). Codes are never renamed or re-meant;
 * new ones are added here and nowhere else. docs/guides/errors.md is generated from this table.
 */
export const ERROR_CATALOG = {
  validation_failed: {
    status: 400,
    description:
      'Malformed body or query; on position routes also an unknown market or outcome, a market not open or outside its trading window; an amount sent as a number.',
    retry: 'no',
    action:
      'Fix the field that error.details.issues names (amounts are decimal strings) and send the corrected request. A close with error.details.reason "proceeds_too_small" has nothing to fix: the shares are worth less than 0.01; the position settles when the market ends.',
  },
  idempotency_key_required: {
    status: 400,
    description: 'A write request came without an Idempotency-Key header.',
    retry: 'no',
    action: "Add an Idempotency-Key header made from your own record's id and send the request again.",
  },
  invalid_api_key: {
    status: 401,
    description: 'API key unknown, revoked or expired, or from the other environment.',
    retry: 'no',
    action:
      'Check that the key belongs to the environment you call (sandbox or live) and is not revoked; issue or rotate a key if it is lost.',
  },
  invalid_session_token: {
    status: 401,
    description: 'Session token missing, malformed, expired or revoked.',
    retry: 'same_key',
    action:
      'Refresh the session and send the original request again with the same key; if the refresh is refused too, mint a new session.',
  },
  insufficient_scope: {
    status: 403,
    description: 'The key lacks the scope of the endpoint.',
    retry: 'no',
    action: 'Call the endpoint with a key that has its scope (the reference names it), or issue such a key.',
  },
  tenant_suspended: {
    status: 403,
    description: 'The tenant is suspended.',
    retry: 'no',
    action: 'Contact the platform: a suspension is contractual and no request succeeds until it is lifted.',
  },
  user_blocked: {
    status: 403,
    description: 'The user is blocked (open, close, limit order).',
    retry: 'no',
    action:
      'Set the user active with PUT /v1/users/{external_user_id} if the block is over; otherwise tell the user trading is unavailable.',
  },
  user_excluded: {
    status: 403,
    description:
      'The player is on a break they set through the operator (opens and order placements); details.excluded_until says until when.',
    retry: 'no',
    action:
      'Tell the player the break runs until error.details.excluded_until; closing positions and withdrawing still work. A break cannot be shortened.',
  },
  not_found: {
    status: 404,
    description: 'The resource or route does not exist.',
    retry: 'no',
    action: 'Check the id or slug and the environment: sandbox and live resources are invisible to each other.',
  },
  unknown_user: {
    status: 404,
    description: 'external_user_id is not registered; the idempotency key is not spent.',
    retry: 'no',
    action:
      'Register the user with PUT /v1/users/{external_user_id}, then send the request again; its key was not spent.',
  },
  would_overdraw: {
    status: 409,
    description: 'The debit would take the balance below zero; nothing applied.',
    retry: 'new_key',
    action:
      'Reconcile the balance (GET the user) and, once funds arrived or the amount is lowered, send the debit under a new key: the refusal is stored for the old one.',
  },
  position_terminal: {
    status: 409,
    description: 'Close or close quote of a position already settled, voided or closed.',
    retry: 'no',
    action: 'Read the position: it has already ended and there is nothing to close.',
  },
  price_moved: {
    status: 409,
    description: 'Price above max_price (open) or below min_price (close); nothing applied.',
    retry: 'no',
    action:
      'Quote again, let the user confirm the new price, and send a new request with the new max_price or min_price and a new key.',
  },
  market_suspended: {
    status: 409,
    description: 'The market is suspended.',
    retry: 'same_key',
    action:
      'Wait for the market to reopen (market feed or lifecycle webhooks), then send the same request with the same key.',
  },
  stake_limit_exceeded: {
    status: 409,
    description: 'Stake above the per-position cap or the per-user total cap; details.remaining says what still fits.',
    retry: 'no',
    action: 'Lower the stake to error.details.remaining or less and send that as a new request.',
  },
  user_limit_reached: {
    status: 409,
    description:
      'The stake would pass a stake limit the player set (opens and order placements); details name the limit with the least left, what still fits and when more frees.',
    retry: 'no',
    action:
      'Offer the player error.details.remaining or less as a new request, or tell them more frees at error.details.resets_at.',
  },
  sandbox_limit_reached: {
    status: 409,
    description:
      "A sandbox open or limit-order fill on a shared market would move the live price more than the market's sandbox_influence allows, or the sandbox environment has bought and sold its shares of the market for the last 24 hours; details.remaining says what still fits. Live trades never get it.",
    retry: 'no',
    action:
      'Lower the stake to error.details.remaining or less and send that as a new request, or test large stakes on a sandbox test market (POST /v1/sandbox/markets).',
  },
  state_conflict: {
    status: 409,
    description: 'The resource is not in a state that allows the request.',
    retry: 'no',
    action:
      'Read the resource and act on the state it is in (an order already filled, expired or rejected cannot be cancelled).',
  },
  report_limit_reached: {
    status: 409,
    description: 'The tenant already has the maximum of report jobs generating.',
    retry: 'same_key',
    action:
      'Wait until one of your reports is ready (poll GET /v1/reports/{id}; there is no Retry-After), then send the same request with the same key.',
  },
  report_expired: {
    status: 410,
    description:
      'The report artifact is past its expires_at and is gone; the job stays readable. Request a new report.',
    retry: 'no',
    action: 'Request a new report with a new key and download it before its expires_at.',
  },
  saved_markets_limit_reached: {
    status: 409,
    description: 'The user already has the maximum of saved markets.',
    retry: 'no',
    action: 'Let the user remove a saved market first; the save succeeds then.',
  },
  idempotency_key_in_progress: {
    status: 409,
    description:
      'An earlier request with the same key is still processing; retry after Retry-After with the same key and body.',
    retry: 'same_key',
    action: 'Wait Retry-After seconds and send the same body with the same key; a new key could apply the write twice.',
  },
  request_too_large: {
    status: 413,
    description: 'The body is above the size limit of the route.',
    retry: 'no',
    action: 'Shrink the body or split it (a balance-sync batch takes at most 500 items).',
  },
  idempotency_key_reused: {
    status: 422,
    description: 'The key was used before with a different body; nothing applied.',
    retry: 'no',
    action:
      'Fix the client: a retry sends the byte-identical body of the first request; a different intent needs its own key.',
  },
  rate_limited: {
    status: 429,
    description: 'A tenant or end-user limit of the route is exceeded; retry after Retry-After.',
    retry: 'same_key',
    action:
      'Wait Retry-After seconds and send the same request with the same key; retrying sooner keeps the limit active.',
  },
  internal_error: {
    status: 500,
    description: 'Unexpected failure; safe to retry with the same key on idempotent writes.',
    retry: 'same_key',
    action:
      'Send the same request with the same key after a backoff (a write that did apply replays its answer); if it persists, report the request_id.',
  },
  sync_paused: {
    status: 503,
    description: 'Balance sync is paused by a kill switch.',
    retry: 'same_key',
    action: 'Queue the movement and send it again with the same key after a backoff; nothing was recorded.',
  },
  positions_paused: {
    status: 503,
    description: 'Opening of positions is paused.',
    retry: 'same_key',
    action: 'Tell the user opening is paused and send again with the same key after a backoff; closes still work.',
  },
  feed_paused: {
    status: 503,
    description: 'Market feed reads are paused.',
    retry: 'same_key',
    action: 'Keep showing the last data you read and read again after a backoff.',
  },
  widget_paused: {
    status: 503,
    description: 'Widget session mint, refresh and config reads are paused.',
    retry: 'same_key',
    action: 'Hide or grey out the widget and mint or refresh again after a backoff.',
  },
  market_not_ready: {
    status: 503,
    description: 'Market state is rebuilding after a restart; retry after Retry-After.',
    retry: 'same_key',
    action: 'Wait Retry-After seconds and send the same request with the same key.',
  },
} as const satisfies Record<string, { status: number; description: string; retry: RetryAdvice; action: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];
