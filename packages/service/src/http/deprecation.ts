import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A deprecated route (docs/operator-api.md, "Versioning"): since when, and the day it goes (announced at least 90 days
 * ahead).
 */
export interface Deprecated {
  /** RFC 3339: when the deprecation was announced. */
  since: string;
  /** RFC 3339: when the route stops answering. */
  sunset: string;
}

/**
 * Adds Deprecation (RFC 9745: `@` and unix seconds), Sunset (RFC 8594: an HTTP-date) and a Link to the
 * changelog to every answer of a route marked deprecated in its RouteMeta. Nothing is deprecated today.
 */
export function installDeprecation(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const deprecated = request.routeOptions.config.meta?.deprecated;
    if (deprecated) {
      reply.header('deprecation', `@${Math.floor(Date.parse(deprecated.since) / 1000)}`);
      reply.header('sunset', new Date(deprecated.sunset).toUTCString());
      reply.header('link', `<${baseUrlOf(request)}/v1/changelog>; rel="deprecation"`);
    }
    done(null, payload);
  });
}

const baseUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
