import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_REPORT_BODY_LIMIT,
  ErrorReportBody,
  errorReportOf,
  ErrorReportQuery,
  ERROR_REPORTS_PER_DAY,
  ErrorReportReceipt,
  listWidgetErrors,
  presentWidgetError,
  reportWidgetError,
  StoredWidgetError,
} from '../../domains/error-reports/index.js';
import { getLeaderboard, Leaderboard, LeaderboardQuery, presentLeaderboard } from '../../domains/leaderboard/index.js';
import { getWidgetConfig, presentWidgetConfig, WidgetConfig } from '../../domains/tenants/index.js';
import {
  getProfile,
  presentProfile,
  PutProfileBody,
  putProfile,
  resetProfile,
  WidgetProfile,
} from '../../domains/widget-profiles/index.js';
import type { ServiceDeps } from '../../deps.js';
import { pageOf, presentPage } from '../../lib/page.js';
import { platformCtx, tenantCtx } from '../context.js';
import { errorResponses, NO_CONTENT, SESSION_ERRORS, SESSION_SECURITY } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';

/** The widget's own routes: a session token only, tier widget_session (docs/operator-api.md, "Rate limits"). */
const meta = { tier: 'widget_session', credential: 'session' } as const satisfies RouteMeta;
const tags = ['widget'];
const security = SESSION_SECURITY;

/** What the widget reads and writes besides trading: its config, the profile, the leaderboard, error beacons. */
export function widgetRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/widget/config',
      {
        config: { meta: { ...meta, killSwitch: 'widget' } },
        schema: {
          summary: "The tenant environment's widget settings",
          description:
            'Theme tokens, scheme, enabled locales and the default locale, as the platform team set them; ' +
            'without settings {"theme":{},"scheme":null,"locales":["en"],"default_locale":"en"}. A mount() theme ' +
            'or scheme wins over these, and these over the widget defaults.',
          tags,
          security,
          response: { 200: WidgetConfig, ...errorResponses(...SESSION_ERRORS, 'widget_paused') },
        },
      },
      async (request) => presentWidgetConfig(valueOrThrow(await getWidgetConfig(tenantCtx(deps, request)))),
    );

    app.get(
      '/v1/widget/profile',
      {
        config: { meta },
        schema: {
          summary: "The session user's widget profile",
          description: 'Defaults until one is set: {"display_name":null,"show_on_leaderboard":false}.',
          tags,
          security,
          response: { 200: WidgetProfile, ...errorResponses(...SESSION_ERRORS) },
        },
      },
      async (request) => presentProfile(valueOrThrow(await getProfile(tenantCtx(deps, request)))),
    );

    app.put(
      '/v1/widget/profile',
      {
        config: { meta },
        schema: {
          summary: "Set the session user's widget profile",
          description:
            'Both fields, the whole profile; naturally idempotent, no Idempotency-Key. A display name another user ' +
            'of the tenant environment holds, in any case, is 409 state_conflict; being shown needs a display name.',
          tags,
          security,
          body: PutProfileBody,
          response: {
            200: WidgetProfile,
            ...errorResponses('validation_failed', ...SESSION_ERRORS, 'state_conflict', 'request_too_large'),
          },
        },
      },
      async (request) => {
        const profile = { displayName: request.body.display_name, showOnLeaderboard: request.body.show_on_leaderboard };
        return presentProfile(valueOrThrow(await putProfile(tenantCtx(deps, request), profile)));
      },
    );

    app.delete(
      '/v1/widget/profile',
      {
        config: { meta },
        schema: {
          summary: "Reset the session user's widget profile",
          description: 'Back to the defaults: the display name is freed and the user leaves the leaderboard.',
          tags,
          security,
          response: { ...NO_CONTENT, ...errorResponses(...SESSION_ERRORS) },
        },
      },
      async (request, reply) => {
        valueOrThrow(await resetProfile(tenantCtx(deps, request)));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/v1/widget/leaderboard',
      {
        config: { meta },
        schema: {
          summary: 'The leaderboard of the tenant environment',
          description:
            'Users who chose to be shown, by realised profit of the positions that ended (closed, settled, voided) ' +
            'in the period: payout minus stake, summed. Periods start at 00:00Z today, Monday 00:00Z, the 1st ' +
            '00:00Z; all has no start. Ties share a rank (1, 2, 2, 4) and are listed by display name.',
          tags,
          security,
          querystring: LeaderboardQuery,
          response: { 200: Leaderboard, ...errorResponses('validation_failed', ...SESSION_ERRORS) },
        },
      },
      async (request) =>
        presentLeaderboard(valueOrThrow(await getLeaderboard(tenantCtx(deps, request), request.query))),
    );

    app.post(
      '/v1/widget/error-reports',
      {
        config: { meta },
        bodyLimit: ERROR_REPORT_BODY_LIMIT,
        schema: {
          summary: 'Report a widget error (browser beacon)',
          description:
            'Best effort: no Idempotency-Key, and a beacon sent twice is stored twice. At most 16 KiB; code is ' +
            'one of the widget-only states, which the API never answers. The platform team lists them; reports are ' +
            'kept 30 days. ' +
            `A tenant environment stores at most ${ERROR_REPORTS_PER_DAY.toLocaleString('en-US')} reports per UTC day: ` +
            'past that, 429 rate_limited with Retry-After up to the next 00:00 UTC and details ' +
            '{"limit","resets_at"}, and nothing is stored.',
          tags,
          security,
          body: ErrorReportBody,
          response: {
            202: ErrorReportReceipt,
            ...errorResponses('validation_failed', ...SESSION_ERRORS, 'request_too_large'),
          },
        },
      },
      async (request, reply) => {
        const ctx = tenantCtx(deps, request);
        const result = await reportWidgetError(ctx, errorReportOf(request.body), deps.errorReportsPerDay);
        return reply.code(202).send(valueOrThrow(result));
      },
    );
  };
}

/** The platform team's view of the widget's error beacons (docs/platform-api.md). */
export function widgetPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/platform/v1/widget-error-reports',
      {
        config: { meta: { tier: 'platform', credential: 'platform' } },
        schema: {
          querystring: ErrorReportQuery,
          response: { 200: pageOf(StoredWidgetError), ...errorResponses('validation_failed') },
        },
      },
      async (request) => {
        const { tenant_id, environment, limit, cursor } = request.query;
        const query = { tenantId: tenant_id, environment, limit, cursor };
        return presentPage(valueOrThrow(await listWidgetErrors(platformCtx(deps, request), query)), presentWidgetError);
      },
    );
  };
}
