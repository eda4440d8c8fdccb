import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/index.js';

/**
 * Two requests Node itself would answer with an empty body and none of the API's headers: an HTTP/1.1
 * request without a Host header (400) and one whose Expect is not 100-continue (417). They are handed to
 * the app instead and refused here, so that they get the envelope, an X-Request-Id and the API's headers,
 * and appear in the request log like any other refusal (docs/operator-api.md, "Errors").
 */

/** Node's server options that let those requests through to the app. */
export const LET_THROUGH_NODE_REFUSALS = { requireHostHeader: false } as const;

export function installRequestHeadChecks(app: FastifyInstance): void {
  // Without a listener Node answers 417 itself; with one, the request is the app's to answer.
  app.server.on('checkExpectation', (req, res) => app.server.emit('request', req, res));
  // A callback hook (it waits for nothing): what it throws, fastify answers as it would a rejection.
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request.raw;
    if (headers.host === undefined && request.raw.httpVersion === '1.1') {
      throw new ApiError('validation_failed', 'An HTTP/1.1 request needs a Host header.');
    }
    if (headers.expect !== undefined && headers.expect.toLowerCase() !== '100-continue') {
      throw new ApiError('validation_failed', 'The Expect header can only be 100-continue.');
    }
    done();
  });
}
