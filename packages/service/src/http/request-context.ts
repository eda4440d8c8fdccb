import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestContext } from '../errors/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    requestContext: RequestContext;
  }
}

/** Gives every request its id and the listener's opaque source, and echoes the id as X-Request-Id. */
export function installRequestContext(app: FastifyInstance, source: string, isReady: () => boolean): void {
  app.decorateRequest('requestContext', null as unknown as RequestContext);
  // Callback hooks, here and in the other hooks that wait for nothing: they run on every request, and an
  // async hook costs a promise and a turn of the microtask queue each.
  app.addHook('onRequest', (request, reply, done) => {
    request.requestContext = { requestId: request.id, source };
    reply.header('x-request-id', request.id);
    done();
  });
  // While stopping, a keep-alive connection would hold the close open until its idle timeout (72 s);
  // answering with Connection: close lets each one end with the answer it is waiting for.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!isReady()) reply.header('connection', 'close');
    done(null, payload);
  });
}

export function contextOf(request: FastifyRequest): RequestContext {
  return request.requestContext;
}
