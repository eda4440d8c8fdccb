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
    const key = Array.isArray(raw) ? raw.join(',') : raw;
    if (!IdempotencyKey.safeParse(key).success) {
      throw new ApiError(
        'validation_failed',
        'The Idempotency-Key header must be 1 to 128 printable ASCII characters with no colon.',
      );
    }
    request.idempotencyKey = key;
    done();
  });
}

export function idempotencyKeyOf(request: FastifyRequest): string {
  if (request.idempotencyKey === null) throw new Error(`route ${request.routeOptions.url} is not marked idempotent`);
  return request.idempotencyKey;
}
