import type { ServerOptions } from 'node:http';

/**
 * How many bytes a connection may still send after it was answered with an error that closes it (a body
 * over the limit, a malformed request): they are read and dropped, so that closing does not make the
 * kernel reset the connection under the answer; beyond this the connection is cut.
 */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Node checks its request and header timeouts only on a timer (connectionsCheckingInterval, 30 s by
 * default), so a 30 s limit could let a trickling request live for nearly 60 s. A tenth of the limit, at
 * most 1 s, keeps the overshoot small; the check walks only connections with a request in progress.
 */
export function connectionsCheckingIntervalFor(requestTimeoutMs: number): number {
  return Math.max(10, Math.min(1000, Math.floor(requestTimeoutMs / 10)));
}

/**
 * The fastify options that bound how long a client may take to send a request: its headers and its body
 * must all have arrived within requestTimeoutMs of its first byte (a connection that sends nothing counts
 * from when it opened). Only the arrival is timed: a handler that takes long is not cut off. Expiry reaches
 * the clientError handler (client-errors.ts), which closes the connection.
 */
export function requestTimeoutOptions(requestTimeoutMs: number): {
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    // fastify copies its own requestTimeout onto the server after creating it; http.createServer gets
    // the same values so its check (headersTimeout <= requestTimeout) sees them together.
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingIntervalFor(requestTimeoutMs),
    },
  };
}
