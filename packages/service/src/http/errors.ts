import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, envelopeOf, isApiError } from '../errors/index.js';
import type { ServiceDeps } from '../deps.js';
import { validationAnswer, type RawIssue } from '../lib/issue-words.js';

/** The opaque `source` of envelopes from this listener and process. */
export function sourceOf(listener: string, instanceId: string): string {
  return Buffer.from(`${listener}:${instanceId}`).toString('base64url');
}

/**
 * PostgreSQL's data exceptions that only bad input causes: 22021 a NUL or invalid byte in text, 22P05 a
 * character the database encoding cannot hold (a lone surrogate), 22003 a number out of its column's
 * range, 22P02 text that is not a valid uuid or number.
 */
const PG_DATA_ERRORS = new Set(['22021', '22P05', '22003', '22P02']);

/**
 * A value only bad input makes, refused by the database behind the edge's validation: logged as the gap in
 * validation it is, and answered in these words (the API's envelope, the pages' 400 page). Null when the
 * error is something else.
 */
export function unstorableValue(error: unknown, request: FastifyRequest): string | null {
  if (!PG_DATA_ERRORS.has((error as { code?: unknown } | null)?.code as string)) return null;
  request.log.warn({ err: error, request_id: request.id }, 'input reached the database unvalidated');
  return 'The request carries a value the service cannot store.';
}

/** Turns anything thrown into the catalog error it means; unexpected failures become internal_error. */
function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (isApiError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    // One issue per field in words, never a pattern (docs/operator-api.md, "Errors").
    const issues = error.validation.map((v) => ({
      ...(v.params as Partial<RawIssue>),
      code: v.keyword,
      path: v.instancePath
        .split('/')
        .slice(1)
        .filter((part) => part !== '')
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      message: v.message ?? 'Invalid input',
    }));
    const { message, details } = validationAnswer(issues, error.validationContext ?? 'body');
    return new ApiError('validation_failed', message, { details });
  }
  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        'request_too_large',
        'The request body is above the size limit of this route; shrink or split it.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('validation_failed', 'The request body is not valid JSON.');
  }
  if (error instanceof SyntaxError) return new ApiError('validation_failed', 'The request body is not valid JSON.');
  // A backstop behind the edge's validation: text or a number PostgreSQL cannot take is bad input, not a fault.
  const unstorable = unstorableValue(error, request);
  if (unstorable !== null) return new ApiError('validation_failed', unstorable);
  const status = fastifyError.statusCode;
  if (status === 404) return new ApiError('not_found', 'No such route.');
  if (status !== undefined && status >= 400 && status < 500) {
    return new ApiError('validation_failed', 'The request is malformed.');
  }
  request.log.error({ err: error, request_id: request.id }, 'unexpected failure');
  return new ApiError('internal_error', `Unexpected failure; quote request_id ${request.id} to support.`);
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  error: ApiError,
  deps: ServiceDeps,
  source: string,
) {
  if (error.retryAfter !== null) reply.header('retry-after', String(error.retryAfter));
  request.answeredError = { code: error.code, requestId: request.id };
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelopeOf(error, { requestId: request.id, source }, deps.clock.now())));
}

/**
 * Every error leaves through here as the envelope (docs/operator-api.md, "Errors"); no stack trace ever reaches a
 * client.
 */
export function installErrorHandling(app: FastifyInstance, deps: ServiceDeps, source: string): void {
  app.setErrorHandler((error, request, reply) => sendError(reply, request, toApiError(error, request), deps, source));
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      request,
      new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`),
      deps,
      source,
    ),
  );
}
