import type { FastifyReply } from 'fastify';
import type { StoredAnswer } from '../domains/handler.js';

/** The header that marks a replayed answer (docs/operator-api.md, "Balance sync"); a first answer never carries it. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * Sends body bytes exactly as stored, so a replay is byte for byte the first answer, and marks a replay
 * with `Idempotent-Replayed: true`.
 */
export function sendStored(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  if (answer.retryAfter !== undefined) reply.header('retry-after', String(answer.retryAfter));
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  if (answer.code !== undefined) reply.request.answeredError = { code: answer.code, requestId: reply.request.id };
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}
