import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../errors/index.js';
import type { ServiceMetrics } from '../metrics/index.js';
import { REPLAYED_HEADER } from './stored-answer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error envelope's code of this request's answer, read as it is sent (for the metrics). */
    answeredCode: string | null;
  }
}

const KNOWN_CODES = new Set<string>(ERROR_CODES);
/** An envelope is a few hundred bytes; a larger error body is not one (a page of the panel, say). */
const MAX_ENVELOPE_BYTES = 16 * 1024;

/**
 * The envelope's code of an error answer: every route's errors, stored refusals replayed as they were
 * sent, and the framework's. A code outside the catalog is "other", so the label stays bounded.
 */
function codeOf(payload: unknown): string | null {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null || text.length > MAX_ENVELOPE_BYTES || !text.startsWith('{')) return null;
  try {
    const code = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof code !== 'string') return null;
    return KNOWN_CODES.has(code) ? code : 'other';
  } catch {
    return null;
  }
}

/**
 * Counts and times every answer of a listener (docs/metrics.md). The route label is fastify's route
 * pattern, never the URL; a request no route matched is "unmatched". Installed before compression, so the
 * error body is read as sent, before it is compressed.
 */
export function installRequestMetrics(app: FastifyInstance, listener: string, metrics: ServiceMetrics): void {
  app.decorateRequest('answeredCode', null);
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) request.answeredCode = codeOf(payload);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.request({
      listener,
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      errorCode: request.answeredCode,
      replayed: reply.getHeader(REPLAYED_HEADER) === 'true',
    });
  });
}
