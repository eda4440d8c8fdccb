import type { ApiError } from './api-error.js';

/** Where an error was produced; the fields every envelope carries besides the error itself. */
export interface RequestContext {
  requestId: string;
  /** Opaque to clients; names the listener and process so support can find the logs. */
  source: string;
}

export interface ErrorEnvelope {
  error: string;
  message: string;
  details: Record<string, unknown> | null;
  request_id: string;
  source: string;
  ts: string;
}

/**
 * The body of every error response (docs/operator-api.md, "Errors"); the only place it is built. It reads only the
 * code, message and details of the error, so an answer made ahead of need (a sync's stored refusal, one per batch item)
 * can skip building an Error and its stack.
 */
export function envelopeOf(
  error: Pick<ApiError, 'code' | 'message' | 'details'>,
  context: RequestContext,
  now: Date,
): ErrorEnvelope {
  return {
    error: error.code,
    message: error.message,
    details: error.details,
    request_id: context.requestId,
    source: context.source,
    ts: now.toISOString(),
  };
}
