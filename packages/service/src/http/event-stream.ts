import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { StreamSink } from '../domains/realtime/index.js';

/**
 * Takes the response over from fastify (a stream is never "sent") and starts a text/event-stream on it,
 * keeping the headers the hooks already set (X-Request-Id, CORS, RateLimit-*). No proxy may cache or
 * buffer it (X-Accel-Buffering: no is nginx's switch).
 */
export function openEventStream(reply: FastifyReply): StreamSink {
  reply.hijack();
  const raw = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  // A write racing the client's departure fails here; the response's 'close' removes the stream.
  raw.on('error', () => {});
  const open = () => !raw.destroyed && !raw.writableEnded;
  return {
    write: (chunk) => {
      if (open()) raw.write(chunk);
    },
    buffered: () => raw.writableLength,
    end: () => {
      if (open()) raw.end();
    },
    abort: () => raw.destroy(),
  };
}
