import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../errors/index.js';
import type { ServiceMetrics } from '../metrics/index.js';
import { REPLAYED_HEADER } from './stored-answer.js';

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** A code outside the catalog is "other", so the label stays bounded. */
const codeLabel = (code: string): string => (KNOWN_CODES.has(code) ? code : 'other');

/**
 * Counts and times every answer of a listener (docs/metrics.md). The route label is fastify's route
 * pattern, never the URL; a request no route matched is "unmatched". An error answer's code is the one
 * http/error-answers.ts read from its envelope as it was sent.
 */
export function installRequestMetrics(app: FastifyInstance, listener: string, metrics: ServiceMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request({
      listener,
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      errorCode: request.answeredError ? codeLabel(request.answeredError.code) : null,
      replayed: reply.getHeader(REPLAYED_HEADER) === 'true',
    });
    done();
  });
}
