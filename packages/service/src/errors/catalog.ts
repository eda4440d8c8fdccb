/**
 * Every error code of the contract (spec part 7.2) with its HTTP status. Codes are never renamed or
 * re-meant; new ones are added here and nowhere else.
 */
export const ERROR_CATALOG = {
  validation_failed: {
    status: 400,
    description:
      'Malformed body or query; on position routes also an unknown market or outcome, a market not open or outside its trading window; an amount sent as a number.',
  },
  idempotency_key_required: { status: 400, description: 'A write request came without an Idempotency-Key header.' },
  invalid_api_key: { status: 401, description: 'API key unknown, revoked or expired, or from the other environment.' },
  invalid_session_token: { status: 401, description: 'Session token missing, malformed, expired or revoked.' },
  insufficient_scope: { status: 403, description: 'The key lacks the scope of the endpoint.' },
  tenant_suspended: { status: 403, description: 'The tenant is suspended.' },
  user_blocked: { status: 403, description: 'The user is blocked (open, close, limit order).' },
  not_found: { status: 404, description: 'The resource or route does not exist.' },
  unknown_user: { status: 404, description: 'external_user_id is not registered; the idempotency key is not spent.' },
  would_overdraw: { status: 409, description: 'The debit would take the balance below zero; nothing applied.' },
  position_terminal: {
    status: 409,
    description: 'Close or close quote of a position already settled, voided or closed.',
  },
  price_moved: {
    status: 409,
    description: 'Price above max_price (open) or below min_price (close); nothing applied.',
  },
  market_suspended: { status: 409, description: 'The market is suspended.' },
  stake_limit_exceeded: {
    status: 409,
    description: 'Stake above the per-position cap or the per-user total cap; details.remaining says what still fits.',
  },
  state_conflict: { status: 409, description: 'The resource is not in a state that allows the request.' },
  report_limit_reached: { status: 409, description: 'The tenant already has the maximum of report jobs generating.' },
  report_expired: {
    status: 410,
    description:
      'The report artifact is past its expires_at and is gone; the job stays readable. Request a new report.',
  },
  saved_markets_limit_reached: { status: 409, description: 'The user already has the maximum of saved markets.' },
  idempotency_key_in_progress: {
    status: 409,
    description:
      'An earlier request with the same key is still processing; retry after Retry-After with the same key and body.',
  },
  request_too_large: { status: 413, description: 'The body is above the size limit of the route.' },
  idempotency_key_reused: {
    status: 422,
    description: 'The key was used before with a different body; nothing applied.',
  },
  rate_limited: {
    status: 429,
    description: 'A tenant or end-user limit of the route is exceeded; retry after Retry-After.',
  },
  internal_error: {
    status: 500,
    description: 'Unexpected failure; safe to retry with the same key on idempotent writes.',
  },
  sync_paused: { status: 503, description: 'Balance sync is paused by a kill switch.' },
  positions_paused: { status: 503, description: 'Opening of positions is paused.' },
  feed_paused: { status: 503, description: 'Market feed reads are paused.' },
  widget_paused: { status: 503, description: 'Widget session mint, refresh and config reads are paused.' },
  market_not_ready: {
    status: 503,
    description: 'Market state is rebuilding after a restart; retry after Retry-After.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];
