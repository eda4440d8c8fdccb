import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MintSessionBody,
  presentSession,
  renewSession,
  startSession,
  WidgetSession,
} from '../../domains/widget-sessions/index.js';
import type { ServiceDeps } from '../../deps.js';
import { principalOf } from '../auth.js';
import { tenantCtx } from '../context.js';
import { API_KEY_ERRORS, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import { signSessionToken } from '../session-token.js';

export function widgetSessionRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/widget/sessions',
      {
        config: {
          meta: {
            tier: 'widget_session',
            credential: 'api_key',
            scope: 'write:positions',
            killSwitch: 'widget',
            serverOnly: true,
          },
        },
        schema: {
          summary: 'Mint a widget session token for a user',
          description: [
            'Call from your server only, never from a browser: it takes the API key and gets no CORS allowance.',
            "The user must be registered in the key's environment (404 unknown_user otherwise); a blocked user",
            'still gets a session, which can read but cannot open or close positions. The token lives 15 minutes',
            '(in the sandbox, ttl_seconds of 60 to 900 makes every token of the session live that long instead, to see',
            'refresh and expiry without waiting; live refuses the field with 400 validation_failed);',
            'refreshes carry it on until an absolute cap 24 hours after this mint. A suspension of the tenant ends',
            'every session minted before it, also once the tenant is reactivated (401 invalid_session_token).',
            'Takes no Idempotency-Key: minting changes nothing, so a retry simply mints another token.',
          ].join(' '),
          tags: ['widget sessions'],
          security: [{ apiKey: [] }],
          body: MintSessionBody,
          response: {
            201: WidgetSession,
            ...errorResponses(
              'validation_failed',
              ...API_KEY_ERRORS,
              'unknown_user',
              'request_too_large',
              'widget_paused',
            ),
          },
        },
      },
      async (request, reply) => {
        const ctx = tenantCtx(deps, request);
        const { external_user_id: externalUserId, ttl_seconds: ttlSeconds } = request.body;
        const claims = valueOrThrow(await startSession(ctx, { externalUserId, ttlSeconds }));
        return reply.code(201).send(presentSession(await signSessionToken(deps.widgetSessionSecret, claims, ctx.now)));
      },
    );

    app.post(
      '/v1/widget/sessions/refresh',
      {
        config: { meta: { tier: 'widget_session', credential: 'session', renewsSession: true, killSwitch: 'widget' } },
        schema: {
          summary: 'Refresh a widget session token',
          description: [
            'The current session token is the only credential: Authorization: Bearer <token> (an API key here is',
            '401 invalid_session_token). No body and no Idempotency-Key. Answers a new token for the same user',
            "that expires 15 minutes from now (a short sandbox session's ttl_seconds) or at the session's 24-hour cap,",
            'whichever comes first.',
            'An expired, capped, forged or other-environment token, a suspended tenant, a token issued before the',
            "tenant's latest suspension (also once it is reactivated: a suspension ends every session for good) or a",
            'user that no longer exists all give 401 invalid_session_token; the host then mints a new session.',
          ].join(' '),
          tags: ['widget sessions'],
          security: [{ sessionToken: [] }],
          response: {
            200: WidgetSession,
            ...errorResponses(
              'validation_failed',
              'invalid_session_token',
              'request_too_large',
              'rate_limited',
              'widget_paused',
            ),
          },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        if (principal.kind !== 'user')
          throw new Error('the refresh route authenticated something other than a session');
        const ctx = tenantCtx(deps, request);
        const { externalUserId, capAt, ttlSeconds } = principal;
        const session = {
          ...principal.tenantEnv,
          externalUserId,
          capAt,
          ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
        };
        const claims = valueOrThrow(await renewSession(ctx, session));
        return presentSession(await signSessionToken(deps.widgetSessionSecret, claims, ctx.now));
      },
    );
  };
}
