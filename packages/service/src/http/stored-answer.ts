import type { FastifyReply } from 'fastify';
import type { StoredAnswer } from '../domains/commands.js';

/** Sends body bytes exactly as stored, so a replay is byte for byte the first answer. */
export function sendStored(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  if (answer.retryAfter !== undefined) reply.header('retry-after', String(answer.retryAfter));
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}
