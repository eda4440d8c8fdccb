import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';

/**
 * GET /metrics on the platform listener: Prometheus's text exposition of the whole deployment
 * (docs/metrics.md), behind METRICS_TOKEN or the platform admin token. Not part of the operator API or its
 * reference.
 */
export function metricsRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/metrics',
      { config: { meta: { tier: 'platform', credential: 'metrics' } }, schema: { hide: true } },
      async (_request, reply) => {
        const text = await deps.metrics.scrape();
        return reply.type(deps.metrics.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  };
}
