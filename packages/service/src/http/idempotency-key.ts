import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/index.js';
import { IdempotencyKey } from '../domains/idempotency/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/**
 * Routes marked idempotent need the Idempotency-Key header (400 idempotency_key_required without it), checked
 * before the body (docs/operator-api.md, "Errors": which refusal answers first).
 */
export function installIdempotencyKeyCheck(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', null);
  // A callback hook (it waits for nothing): what it throws, fastify answers as it would a rejection.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.routeOptions.config.meta?.idempotent) return done();
    const raw = request.headers['idempotency-key'];
    if (raw === undefined || raw === '') {
      throw new ApiError('idempotency_key_required', 'This write needs an Idempotency-Key header.');
    }
    // Node joins a header sent twice into one value with ", ": two keys would be taken for a third.
    if (Array.isArray(raw) || (raw.includes(', ') && timesSent(request.raw.rawHeaders, 'idempotency-key') > 1)) {
      throw new ApiError('validation_failed', 'Send one Idempotency-Key header: this request has more than one.');
    }
    if (!IdempotencyKey.safeParse(raw).success) {
      throw new ApiError(
        'validation_failed',
        'The Idempotency-Key header must be 1 to 128 printable ASCII characters with no colon.',
      );
    }
    request.idempotencyKey = raw;
    done();
  });
}

export function idempotencyKeyOf(request: FastifyRequest): string {
  if (request.idempotencyKey === null) throw new Error(`route ${request.routeOptions.url} is not marked idempotent`);
  return request.idempotencyKey;
}

/** How many times a header was sent (Node's rawHeaders: name, value, name, value …). */
function timesSent(rawHeaders: readonly string[], name: string): number {
  let times = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name) times += 1;
  return times;
}
