import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestLogRecorder } from '../domains/request-log/index.js';
import { keepsBodies, keptKey, keptPath } from '../domains/request-log/model/entry.js';
import { isExternalUserId } from '../domains/users/index.js';
import type { Clock } from '../lib/clock.js';
import { REPLAYED_HEADER } from './stored-answer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer's bytes as sent, kept for the request log when it keeps this request's bodies. */
    loggedAnswer: string | Buffer | null;
  }
}

/**
 * The request's end user: the session's own, else the one the route or the body names (an operator's
 * call about one user); null for a batch, a call about no user, or a named one that is not a user id at
 * all (a refused request's path or body can hold anything, a NUL byte or kilobytes of text).
 */
function userOf(request: FastifyRequest): string | null {
  const principal = request.principal;
  if (principal?.kind === 'user') return principal.externalUserId;
  const body = request.body as { external_user_id?: unknown } | null | undefined;
  const named =
    (request.params as { external_user_id?: unknown } | undefined)?.external_user_id ?? body?.external_user_id;
  return typeof named === 'string' && isExternalUserId(named) ? named : null;
}

/**
 * Logs every /v1 request a tenant environment made (docs/operations.md, "The request log"): refusals,
 * 429s and 503s too, once the caller is known. The answer's bytes are held in onSend (before
 * compression), the entry made in onResponse with the time it took; the recorder writes in batches, so
 * no answer waits for it. A request whose caller was never known (a missing or wrong key) belongs to no
 * tenant's log.
 */
export function installRequestLog(app: FastifyInstance, recorder: RequestLogRecorder, clock: Clock): void {
  app.decorateRequest('loggedAnswer', null);
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.principal && keepsBodies(request.method, reply.statusCode)) {
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) request.loggedAnswer = payload;
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const principal = request.principal;
    if (principal && request.url.startsWith('/v1')) {
      const key = request.headers['idempotency-key'];
      const route = request.routeOptions;
      recorder.record(
        {
          requestId: request.id,
          tenantId: principal.tenantEnv.tenantId,
          environment: principal.tenantEnv.environment,
          at: new Date(clock.now().getTime() - reply.elapsedTime),
          method: request.method,
          route: route.url ?? '(no route)',
          path: keptPath(request.url),
          status: reply.statusCode,
          code: request.answeredError?.code ?? null,
          idempotencyKey: typeof key === 'string' ? keptKey(key) : null,
          replayed: reply.getHeader(REPLAYED_HEADER) !== undefined,
          latencyMs: reply.elapsedTime,
          externalUserId: userOf(request),
        },
        keepsBodies(request.method, reply.statusCode)
          ? { request: request.sentBody, response: request.loggedAnswer }
          : null,
        route.config.meta?.tier ?? 'default',
      );
    }
    done();
  });
}
