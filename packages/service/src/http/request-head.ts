import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/index.js';

/**
 * Two requests Node itself would answer with an empty body and none of the API's headers: an HTTP/1.1
 * request without a Host header (400) and one whose Expect Node does not honour (417). They are handed to
 * the app instead and refused here with validation_failed, so that they get the envelope, an X-Request-Id
 * and the API's headers (docs/operator-api.md, "Errors"). Both are refused before the credential is read.
 */

/** Node's server options that let those requests through to the app. */
export const LET_THROUGH_NODE_REFUSALS = { requireHostHeader: false } as const;

export function installRequestHeadChecks(app: FastifyInstance): void {
  // Node emits this for exactly the expectations it would answer 417 (every other one, 100-continue in
  // any of its spellings, it honours itself): marked, and handed to the app to refuse.
  const unmet = new WeakSet<IncomingMessage>();
  app.server.on('checkExpectation', (req, res) => {
    unmet.add(req);
    app.server.emit('request', req, res);
  });
  // A callback hook (it waits for nothing): what it throws, fastify answers as it would a rejection.
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request.raw;
    if (headers.host === undefined && request.raw.httpVersion === '1.1') {
      throw new ApiError('validation_failed', 'An HTTP/1.1 request needs a Host header.');
    }
    if (unmet.has(request.raw)) {
      throw new ApiError('validation_failed', 'The Expect header can only be 100-continue.');
    }
    done();
  });
}
