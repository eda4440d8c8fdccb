import type { FastifyReply } from 'fastify';

/** Sends body bytes exactly as stored, so an idempotent replay is byte for byte the first answer. */
export function sendStored(reply: FastifyReply, status: number, body: string, retryAfter?: number): FastifyReply {
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
