import type { components } from './generated/openapi.generated.js';
import { ERROR_CATALOG } from './generated/operations.generated.js';

/** The error codes this SDK was generated with. A newer service may send others. */
export type ErrorCode = components['schemas']['ErrorEnvelope']['error'];

/**
 * A refused or failed call, as a value: `code` is the envelope's `error` (branch on it; an unknown code
 * is acted on by its `status` class), with `request_id` and `details` as the service sent them.
 * A call that got no answer at all has status 0 and code `network_error` (`aborted` when the caller's
 * signal ended it); one whose answer was not what the document says (a proxy's 502 page, an empty body)
 * keeps its status and has code `unexpected_response`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error' | 'aborted' | 'unexpected_response' | (string & {}),
    message: string,
    readonly request_id: string | null,
    readonly details: Record<string, unknown> | null,
    /** Seconds, from the Retry-After header, when the service sent one. */
    readonly retry_after: number | null,
    /** The key the call went with, to ask again with the same one later (null on a route without keys). */
    readonly idempotency_key: string | null,
    /** The envelope's `source`: opaque, quoted to support with `request_id` (null without an envelope). */
    readonly source: string | null = null,
  ) {
    super(message);
  }

  /**
   * Whether and how to send the request again, from the error catalog the SDK was generated with:
   * `same_key` (as it was, same key and body, after `retry_after` or a backoff), `new_key` (once the
   * cause is fixed, under a new key: the refusal is stored for the old one) or `no` (fix the request or
   * the setup first). No answer at all (a network error, a timeout) is `same_key`.
   */
  get retry(): RetryAdvice {
    return retryAdvice(this);
  }

  /** What to do about it, from the catalog (empty for a code the SDK does not know). */
  get action(): string {
    if (this.status === 0)
      return 'Send the same request again with the same key: the service answers a repeat with the first answer.';
    return ERROR_CATALOG[this.code]?.action ?? '';
  }

  /**
   * From a non-2xx answer whose body has been read (null when it was not JSON), or a 2xx whose body could
   * not be read as the document says (`cause`: why).
   */
  static fromAnswer(response: Response, body: unknown, key: string | null, cause?: unknown): ApiError {
    const retryAfter = retryAfterSeconds(response);
    if (isEnvelope(body))
      return new ApiError(
        response.status,
        body.error,
        body.message,
        body.request_id,
        body.details,
        retryAfter,
        key,
        typeof body.source === 'string' ? body.source : null,
      );
    const requestId = response.headers.get('x-request-id');
    const type = response.headers.get('content-type');
    const message =
      response.ok && cause !== undefined
        ? `HTTP ${response.status} with a body that is not JSON (${type ?? 'no content type'}); a report's artifact is read with downloadReport(id)`
        : `HTTP ${response.status} without the error envelope`;
    return new ApiError(response.status, 'unexpected_response', message, requestId, null, retryAfter, key);
  }

  /** No answer came: the connection failed or timed out, or the caller aborted the call. */
  static network(cause: unknown, key: string | null, aborted: boolean): ApiError {
    const message = `${aborted ? 'aborted' : 'no answer'}: ${cause instanceof Error ? cause.message : String(cause)}`;
    return new ApiError(0, aborted ? 'aborted' : 'network_error', message, null, null, null, key);
  }
}

export type RetryAdvice = 'same_key' | 'new_key' | 'no';

/**
 * True when the same request may be sent again as it was, with the same Idempotency-Key and body: the
 * catalog says `same_key` for its code (`idempotency_key_in_progress`, `rate_limited`, `internal_error`,
 * …), or no answer came at all (a network error or a timeout), or a gateway answered 502/503/504 without
 * the envelope. Wait `retry_after` seconds when the error has it, else back off. The client already did
 * this a few times (ClientOptions.retry) before handing the error back; this is for a queue's later try.
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && retryAdvice(error) === 'same_key';
}

function retryAdvice(error: ApiError): RetryAdvice {
  if (error.status === 0) return 'same_key';
  const known = ERROR_CATALOG[error.code];
  if (known) return known.retry;
  if (error.code === 'unexpected_response') return [502, 503, 504].includes(error.status) ? 'same_key' : 'no';
  // A code newer than this SDK: acted on by its status class (docs/guides/errors.md, "The error envelope").
  return error.status === 429 || error.status >= 500 ? 'same_key' : 'no';
}

export function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

interface Envelope {
  error: string;
  message: string;
  request_id: string;
  details: Record<string, unknown> | null;
  source?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  const b = body as Partial<Envelope> | null;
  return typeof b?.error === 'string' && typeof b.message === 'string' && typeof b.request_id === 'string';
}
