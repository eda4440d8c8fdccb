import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorAnswerRecorder } from '../domains/error-answers/index.js';
import type { Clock } from '../lib/clock.js';
import { REPLAYED_HEADER } from './stored-answer.js';

/** The two fields of the envelope (errors/envelope.ts) an error answer is known by. */
export interface AnsweredError {
  code: string;
  requestId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The code and request id of this request's error answer, set where it is made; null for any other answer. */
    answeredError: AnsweredError | null;
  }
}

/** An envelope is a few hundred bytes; a larger error body is not one (a page of the panel, say). */
const MAX_ENVELOPE_BYTES = 16 * 1024;

function envelopeFields(payload: unknown): AnsweredError | null {
  if (!(typeof payload === 'string' || Buffer.isBuffer(payload)) || payload.length > MAX_ENVELOPE_BYTES) return null;
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  if (!text.startsWith('{')) return null;
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
 * Records every error answer once, on its way out: every route's errors and the framework's (sendError),
 * and refusals made in a round or a keyed work (sendStored), each of which names its code as it makes the
 * answer. A replayed answer's code is read from its stored bytes, for the request metrics only: it is not
 * recorded again, its first answer was. The recorder writes in batches, so the answer never waits for it.
 */
export function installErrorAnswers(
  app: FastifyInstance,
  recorder: ErrorAnswerRecorder,
  clock: Clock,
  environment: string | null,
): void {
  app.decorateRequest('answeredError', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400) noteErrorAnswer(request, reply, payload);
    done(null, payload);
  });

  function noteErrorAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const replayed = reply.getHeader(REPLAYED_HEADER) !== undefined;
    // The code is known where the answer was made (sendError, sendStored); only a replay's stored bytes are read.
    if (replayed) request.answeredError = envelopeFields(payload);
    const answered = request.answeredError;
    if (answered === null || replayed) return;
    recorder.record({
      requestId: answered.requestId,
      tenantId: request.principal?.tenantEnv.tenantId ?? null,
      environment,
      code: answered.code,
      status: reply.statusCode,
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      at: clock.now(),
    });
  }
}
