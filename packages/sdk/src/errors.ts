import type { components } from './generated/openapi.generated.js';

/** The codes of spec 7.2 this SDK was generated with. A newer service may send others (spec 7.1). */
export type ErrorCode = components['schemas']['ErrorEnvelope']['error'];

/**
 * A refused or failed call, as a value: `code` is the envelope's `error` (branch on it; an unknown code
 * is acted on by its `status` class, spec 7.1), with `request_id` and `details` as the service sent them.
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
  ) {
    super(message);
  }

  /** From a non-2xx answer whose body has been read (null when it was not JSON). */
  static fromAnswer(response: Response, body: unknown, key: string | null): ApiError {
    const retryAfter = retryAfterSeconds(response);
    if (isEnvelope(body))
      return new ApiError(response.status, body.error, body.message, body.request_id, body.details, retryAfter, key);
    const requestId = response.headers.get('x-request-id');
    const message = `HTTP ${response.status} without the error envelope`;
    return new ApiError(response.status, 'unexpected_response', message, requestId, null, retryAfter, key);
  }

  /** No answer came: the connection failed or timed out, or the caller aborted the call. */
  static network(cause: unknown, key: string | null, aborted: boolean): ApiError {
    const message = `${aborted ? 'aborted' : 'no answer'}: ${cause instanceof Error ? cause.message : String(cause)}`;
    return new ApiError(0, aborted ? 'aborted' : 'network_error', message, null, null, null, key);
  }
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
}

function isEnvelope(body: unknown): body is Envelope {
  const b = body as Partial<Envelope> | null;
  return typeof b?.error === 'string' && typeof b.message === 'string' && typeof b.request_id === 'string';
}
