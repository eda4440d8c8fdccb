import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_STREAM_MARKETS,
  openStream,
  parseEventId,
  RETENTION_MS,
  STREAM_LIMITS,
  StreamQuery,
  streamSlugs,
} from '../../domains/realtime/index.js';
import type { ServiceDeps } from '../../deps.js';
import { principalOf } from '../auth.js';
import { tenantCtx } from '../context.js';
import { openEventStream } from '../event-stream.js';
import { errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';

const DESCRIPTION = [
  `Server-sent events for the session's user and up to ${MAX_STREAM_MARKETS} markets. Read it`,
  'with fetch (the session token goes in the Authorization header, which EventSource cannot send).',
  '`event: prices` carries exactly the body of GET /v1/markets/{slug}/snapshot, on every price or status change',
  'of a listed market; `event: balance` carries {"balance"} on every change of the balance; `event: position`',
  "carries exactly the body of GET /v1/positions/{id} on every change of one of the user's positions.",
  'Events carry current state, so one may come twice; none is skipped.',
  'Every event has an `id:`. A fresh stream starts with the comment `: fresh`, the prices of every listed market',
  'and the balance. Reconnecting with the header Last-Event-ID (the last id received) resumes without gaps: the',
  `stream starts with \`: resumed\` and sends the current state of each thing that changed since, for ${RETENTION_MS / 60_000}`,
  'minutes back (at least 5 are promised); an id that is malformed or older starts afresh.',
  `A \`: ping\` comment comes every ${STREAM_LIMITS.pingMs / 1000} s. The stream ends when the session token expires`,
  `(reconnect with the refreshed token), and within ${STREAM_LIMITS.sessionCheckMs / 1000} s of a suspension of the tenant`,
  '(a reconnect then gets 403 tenant_suspended, or 401 invalid_session_token once the tenant is reactivated: a',
  'suspension ends every session issued before it). Bounds: a user holds at most',
  `${STREAM_LIMITS.maxStreamsPerUser} streams on one process (a further one ends the oldest), and a stream whose reader leaves`,
  `more than ${STREAM_LIMITS.maxBufferedBytes / 1024} KiB unread is closed (reconnect with Last-Event-ID).`,
  'While the stream is down, poll the snapshot and GET /v1/users/me. Rate tier default; a connection counts once.',
].join(' ');

export function widgetStreamRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/widget/stream',
      {
        // A HEAD would hold a stream that can never carry an event.
        exposeHeadRoute: false,
        config: { meta: { tier: 'default', credential: 'session' } },
        schema: {
          summary: 'Realtime prices, balance and positions (server-sent events)',
          description: DESCRIPTION,
          tags: ['widget'],
          security: [{ sessionToken: [] }],
          querystring: StreamQuery,
          headers: z.looseObject({
            'last-event-id': z
              .string()
              .optional()
              .describe('The id of the last event received, to resume after a reconnect.'),
          }),
          response: {
            200: {
              description: 'text/event-stream: events `prices`, `balance` and `position`, and `: ping` comments.',
              content: { 'text/event-stream': { schema: z.string() } },
            },
            ...errorResponses(
              'validation_failed',
              'invalid_session_token',
              'tenant_suspended',
              'not_found',
              'rate_limited',
            ),
          },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        if (principal.kind !== 'user') throw new Error('the stream route authenticated something other than a session');
        const subject = valueOrThrow(await openStream(tenantCtx(deps, request), streamSlugs(request.query)));
        const sink = openEventStream(reply);
        const handle = deps.streams.join({
          ...subject,
          tenantId: principal.tenantEnv.tenantId,
          issuedAt: principal.issuedAt,
          expiresAt: principal.expiresAt,
          resumeFrom: parseEventId(request.headers['last-event-id']),
          sink,
        });
        if (!handle) return sink.end();
        reply.raw.once('close', () => handle.leave());
        // The client may have gone before the listener was there.
        if (reply.raw.destroyed) handle.leave();
      },
    );
  };
}
