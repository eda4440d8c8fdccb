import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/index.js';
import type { ServiceDeps } from '../deps.js';
import { sendError } from './errors.js';
import { isUnderSite, sendLostPage } from './web/not-found.js';
import type { WebSite } from './web/web-session.js';

/** The router's refusals of an address it cannot read; anything else it raises is a fault, logged as such. */
const UNREADABLE_ADDRESS = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new ApiError('validation_failed', 'The path is not a valid URL: it has a malformed %-escape.');
    // A path parameter above maxParamLength (100); no id of this API is that long, and a shorter
    // invalid one is a validation_failed too.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError('validation_failed', 'A path parameter is longer than any valid value.');
  }
  request.log.error({ err: error, request_id: request.id }, 'unexpected router failure');
  return new ApiError('internal_error', `Unexpected failure; quote request_id ${request.id} to support.`);
}

/**
 * fastify's frameworkErrors option: errors the router raises before a route is found (a bad %-escape, an
 * over-long path parameter) are otherwise answered with fastify's own body. No hook has run for these
 * requests, so the X-Request-Id of request-context.ts is set here. Under the listener's web site (`site`:
 * the panel, or the portal) they answer that site's 404 page instead of the API's envelope.
 */
export function frameworkErrorHandler(deps: ServiceDeps, source: string, site: WebSite) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('x-request-id', request.id);
    // A mistyped address of a page is a lost visitor, not an API client: the site's 404 page.
    if (UNREADABLE_ADDRESS.has(error.code) && isUnderSite(site, request.url)) {
      void sendLostPage(reply, site, request.url);
      return;
    }
    void sendError(reply, request, toApiError(error, request), deps, source);
  };
}
