import type { FastifyInstance, FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { DRAIN_LIMIT_BYTES } from './server-limits.js';

/** Requests whose connection already lingers (an answer can pass onSend twice if its first send fails). */
const lingering = new WeakSet<IncomingMessage>();

function closesConnection(reply: FastifyReply): boolean {
  return String(reply.getHeader('connection') ?? '').toLowerCase() === 'close';
}

/**
 * Closes the connection of `request` only once the client has sent its body (or `limit` bytes of it),
 * instead of as soon as the answer is written.
 *
 * Node ends an answer with Connection: close by calling socket.destroySoon(), which closes the socket once
 * the answer is written. With body bytes unread or still arriving, the kernel then answers them with a
 * reset, and the client, still writing, sees EPIPE/ECONNRESET; some clients report that instead of the
 * answer already in their buffer. So destroySoon is replaced on this one socket: it half-closes (the
 * answer and a FIN go out at once), the body keeps being read and dropped, and the socket closes once the
 * body has ended or more than `limit` bytes were dropped. A client that stops sending is cut off by the
 * request timeout (server-limits.ts).
 *
 * The body is read here rather than left to Node's IncomingMessage#_dump, which drops it inside the
 * parser without any event to count it by.
 */
function lingerOnClose(request: IncomingMessage, limit: number): void {
  if (lingering.has(request)) return;
  lingering.add(request);
  const socket = request.socket;
  const destroySoon = socket.destroySoon.bind(socket);
  let dropped = 0;
  let answered = false;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    // Not before the answer is out: a reset would overtake it.
    if (answered && dropped > limit) socket.destroy();
  });
  socket.destroySoon = () => {
    answered = true;
    if (request.complete) return destroySoon();
    socket.end();
    if (dropped > limit) socket.destroy();
    else request.once('end', () => socket.destroy());
  };
}

/**
 * When an answer closes the connection before the request body has all arrived (fastify answers a body
 * over the route's limit with 413 and Connection: close without reading it), the rest of the body is
 * drained up to `limit` bytes so the client reads the answer rather than a connection reset.
 */
export function installRefusedBodyDrain(app: FastifyInstance, limit = DRAIN_LIMIT_BYTES): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete && closesConnection(reply)) lingerOnClose(request.raw, limit);
    done(null, payload);
  });
}
