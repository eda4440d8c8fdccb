import type { ErrorCode } from './catalog.js';

/**
 * An expected refusal, as a value: a code of the catalog, a message for people and, for some codes,
 * details (details.remaining of stake_limit_exceeded: docs/guides/errors.md, "The error envelope"). Verbs return it;
 * only the HTTP layer turns it into a status and an envelope, so no domain knows a status code.
 */
export interface Rejection {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: Record<string, unknown>;
  /**
   * For the codes that carry Retry-After (429, 409 idempotency_key_in_progress, 503 market_not_ready), when the verb
   * knows it: whole seconds, at least 1.
   */
  readonly retryAfterSeconds?: number;
}

/** What a verb returns: its value, or why it refused. */
export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly rejection: Rejection };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Where a refused value was sent: the envelope's details.issues[].location, as the schema's refusals say it. */
export type IssueLocation = 'body' | 'querystring' | 'params';

/**
 * A validation_failed refusal of one value the request sent, found by a rule rather than the schema (a market
 * that is not open, an outcome it does not have): details.issues names the field as a schema's refusal would,
 * so a client that reads details.issues[0] reads it here too (docs/guides/errors.md, "The error envelope").
 */
export function fieldRejected(
  location: IssueLocation,
  field: string,
  message: string,
): { ok: false; rejection: Rejection } {
  return { ok: false, rejection: fieldRejection(location, field, message) };
}

/** The same, as a rejection; the issue's path is a JSON pointer, as the schema's issues have. */
export function fieldRejection(location: IssueLocation, field: string, message: string): Rejection {
  return { code: 'validation_failed', message, details: { issues: [{ location, path: `/${field}`, message }] } };
}

export function rejected(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): { ok: false; rejection: Rejection } {
  return { ok: false, rejection: details === undefined ? { code, message } : { code, message, details } };
}
