import type { ServerOptions } from 'node:http';

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
 * fastify's clientErrorHandler.
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
