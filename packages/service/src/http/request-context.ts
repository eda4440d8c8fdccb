import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from '../errors/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    requestContext: RequestContext;
  }
}

/** Gives every request its id and the listener's opaque source, and echoes the id as X-Request-Id. */
export function installRequestContext(app: FastifyInstance, source: string): void {
  app.decorateRequest('requestContext', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    request.requestContext = { requestId: request.id, source };
    reply.header('x-request-id', request.id);
  });
}

export function contextOf(request: FastifyRequest): RequestContext {
  return request.requestContext;
}
