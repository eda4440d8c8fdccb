import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorAnswerRecorder } from '../domains/error-answers/index.js';
import type { Clock } from '../lib/clock.js';
import { REPLAYED_HEADER } from './stored-answer.js';

/** The two fields of the envelope (errors/envelope.ts) that the record needs. */
function envelopeFields(payload: unknown): { code: string; requestId: string } | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  // Every envelope is built by envelopeOf and starts with its error field; anything else is not one.
  if (text === null || !text.startsWith('{"error":')) return null;
  try {
    const body = JSON.parse(text) as { error?: unknown; request_id?: unknown };
    return typeof body.error === 'string' && typeof body.request_id === 'string'
      ? { code: body.error, requestId: body.request_id }
      : null;
  } catch {
    return null;
  }
}

/**
 * Records every answer that carries the error envelope (the code and the request_id a support request
 * will quote), on its way out; the recorder writes in batches, so the answer never waits for it. A
 * replayed answer is not recorded again: its first answer was.
 */
export function installErrorAnswers(
  app: FastifyInstance,
  recorder: ErrorAnswerRecorder,
  clock: Clock,
  environment: string | null,
): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 || reply.getHeader(REPLAYED_HEADER) !== undefined) return payload;
    const fields = envelopeFields(payload);
    if (fields === null) return payload;
    recorder.record({
      requestId: fields.requestId,
      tenantId: request.principal?.tenantEnv.tenantId ?? null,
      environment,
      code: fields.code,
      status: reply.statusCode,
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      at: clock.now(),
    });
    return payload;
  });
}
