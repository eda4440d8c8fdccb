import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { API_KEY_ERRORS, errorResponses } from '../../http/openapi.js';
import { mintSession } from './mint-session.js';
import { refreshSession } from './refresh-session.js';
import { MintSessionBody, WidgetSession, presentSession } from './schemas.js';

export function widgetSessionRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/widget/sessions',
      {
        config: { meta: { tier: 'widget_session', credential: 'api_key', scope: 'write:positions' } },
        schema: {
          summary: 'Mint a widget session token for a user',
          description: [
            'Call from your server only, never from a browser: it takes the API key and gets no CORS allowance.',
            "The user must be registered in the key's environment (404 unknown_user otherwise); a blocked user",
            'still gets a session, which can read but cannot open or close positions. The token lives 15 minutes;',
            'refreshes carry it on until an absolute cap 24 hours after this mint.',
            'Takes no Idempotency-Key: minting changes nothing, so a retry simply mints another token.',
          ].join(' '),
          tags: ['widget sessions'],
          security: [{ apiKey: [] }],
          body: MintSessionBody,
          response: {
            201: WidgetSession,
            ...errorResponses('validation_failed', ...API_KEY_ERRORS, 'unknown_user', 'request_too_large'),
          },
        },
      },
      async (request, reply) => {
        const issued = await mintSession(deps, principalOf(request), request.body.external_user_id);
        return reply.code(201).send(presentSession(issued));
      },
    );

    app.post(
      '/v1/widget/sessions/refresh',
      {
        config: { meta: { tier: 'widget_session', credential: 'session' } },
        schema: {
          summary: 'Refresh a widget session token',
          description: [
            'The current session token is the only credential: Authorization: Bearer <token> (an API key here is',
            '401 invalid_session_token). No body and no Idempotency-Key. Answers a new token for the same user',
            "that expires 15 minutes from now or at the session's 24-hour cap, whichever comes first.",
            'An expired, capped, forged or other-environment token, a suspended tenant or a user that no longer',
            'exists all give 401 invalid_session_token; the host then mints a new session.',
          ].join(' '),
          tags: ['widget sessions'],
          security: [{ sessionToken: [] }],
          response: {
            200: WidgetSession,
            ...errorResponses('validation_failed', 'invalid_session_token', 'request_too_large'),
          },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        if (principal.kind !== 'session')
          throw new Error('the refresh route authenticated something other than a session');
        return presentSession(await refreshSession(deps, principal));
      },
    );
  };
}
