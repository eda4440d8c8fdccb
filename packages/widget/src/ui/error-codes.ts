import type { MessageKey } from '../i18n/index.js';

/**
 * Every error code a user of the widget can meet, each with its own message `error.<code>` in every
 * locale and a way forward (docs/widget.md): the codes the session routes answer, every kill switch's
 * `*_paused`, and `network` (no answer at all). packages/service/test/widget-error-messages.test.ts
 * derives the session routes' codes from the API reference and checks them against this list.
 */
export const USER_ERROR_CODES = [
  'validation_failed',
  'idempotency_key_required',
  'invalid_session_token',
  'tenant_suspended',
  'user_blocked',
  'user_excluded',
  'not_found',
  'unknown_user',
  'would_overdraw',
  'position_terminal',
  'price_moved',
  'market_suspended',
  'stake_limit_exceeded',
  'user_limit_reached',
  'sandbox_limit_reached',
  'state_conflict',
  'saved_markets_limit_reached',
  'idempotency_key_in_progress',
  'request_too_large',
  'idempotency_key_reused',
  'rate_limited',
  'sync_paused',
  'positions_paused',
  'feed_paused',
  'widget_paused',
  'market_not_ready',
  'network',
] as const;

export type UserErrorCode = (typeof USER_ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(USER_ERROR_CODES);

/** A close refused because the shares are worth less than a cent (docs/operator-api.md, "Positions"). */
export function isTooSmall(error: { code: string; details: Record<string, unknown> | null }): boolean {
  return error.code === 'validation_failed' && error.details?.reason === 'proceeds_too_small';
}

/** The message of a failure: its code's, or a refusal's own where one code covers several (isTooSmall). */
export function failureMessageKey(error: { code: string; details: Record<string, unknown> | null }): MessageKey {
  return isTooSmall(error) ? 'error.proceeds_too_small' : errorMessageKey(error.code);
}

/** The message of a code; internal_error and any code the widget does not know say "on our side". */
export function errorMessageKey(code: string): MessageKey {
  return (KNOWN.has(code) ? `error.${code}` : 'error.internal') as MessageKey;
}
