import { newRequestId } from '../lib/ids.js';
import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, envelopeOf } from '../errors/index.js';
import type { ServiceDeps } from '../deps.js';
import { DRAIN_LIMIT_BYTES } from './server-limits.js';

/** How long a connection is kept, after answering a malformed request on it, for the client to close it. */
const LINGER_MS = 5_000;

/** Node's errors for requests it could not parse or read; there is no request object, only the socket. */
interface ClientError extends Error {
  code?: string;
}

/** What a client error means in the catalog; null: nothing to answer. */
function toApiError(error: ClientError): ApiError | null {
  switch (error.code) {
    // The peer is gone, or it was too slow: the rule is to close, and the catalog has no 408.
    case 'ECONNRESET':
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return null;
    // 431 and Node's own 413 have no code of their own; request_too_large is the nearest in the catalog.
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(
        'request_too_large',
        `The request line and headers are above ${maxHeaderSize} bytes; shorten the URL or the headers.`,
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError('request_too_large', 'The chunk extensions of the request body are too large.');
    default:
      return new ApiError('validation_failed', 'The request is not valid HTTP/1.1.');
  }
}

/** A whole HTTP/1.1 response carrying the envelope, written straight to the socket. */
export function rawErrorResponse(error: ApiError, requestId: string, source: string, now: Date): string {
  const body = JSON.stringify(envelopeOf(error, { requestId, source }, now));
  return [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    `Date: ${now.toUTCString()}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Whether a response has already started on this socket (Node keeps the in-flight one there). */
function responseStarted(socket: Socket): boolean {
  return (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage?.headersSent === true;
}

/**
 * fastify's clientErrorHandler: requests Node could not parse (a garbage request line, a bad header, a
 * request head above maxHeaderSize) are answered with the envelope rather than fastify's own body, and a
 * request that timed out (server-limits.ts) is closed.
 *
 * Nothing more on a connection can be read reliably after a parse error, so the answer closes it; but
 * what the client goes on sending is still read and dropped (each later chunk raises another client error,
 * ignored here) until it closes its side, LINGER_MS pass or DRAIN_LIMIT_BYTES were read. Closing with
 * bytes unread would make the kernel send a reset, which can destroy the answer before the client reads it.
 */
export function clientErrorHandler(deps: ServiceDeps, source: string) {
  const answered = new WeakSet<Socket>();
  return (error: ClientError, socket: Socket): void => {
    if (answered.has(socket)) {
      if (socket.bytesRead > DRAIN_LIMIT_BYTES) socket.destroy();
      return;
    }
    const apiError = toApiError(error);
    if (apiError === null || socket.destroyed || !socket.writable || responseStarted(socket)) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    socket.end(rawErrorResponse(apiError, newRequestId(), source, deps.clock.now()));
    socket.once('end', () => socket.destroy());
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
