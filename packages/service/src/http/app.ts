import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { newRequestId } from '../lib/ids.js';
import type { Environment } from '../db/schema.js';
import type { ServiceDeps } from '../deps.js';
import { installErrorHandling, sourceOf } from './errors.js';
import { installErrorAnswers } from './error-answers.js';
import { installPlatformAuth, installTenantAuth } from './auth.js';
import { installIdempotencyKeyCheck } from './idempotency-key.js';
import { installCors } from './cors.js';
import { installDeprecation } from './deprecation.js';
import { installKillSwitches } from './kill-switch.js';
import { installRateLimits } from './rate-limit.js';
import { installRequestMetrics } from './request-metrics.js';
import { metricsRoutes } from './routes/metrics.js';
import { ApiError } from '../errors/index.js';
import { nestsDeeperThan } from '../lib/json-depth.js';
import { installRequestContext } from './request-context.js';
import { installApiHeaders } from './security-headers.js';
import { installRequestHeadChecks, LET_THROUGH_NODE_REFUSALS } from './request-head.js';
import { installCompression } from './compression.js';
import { clientErrorHandler } from './client-errors.js';
import { frameworkErrorHandler } from './framework-errors.js';
import { installRequestLog } from './request-log.js';
import { requestLoggerFactory } from './request-logger.js';
import { installRefusedBodyDrain } from './refused-body-drain.js';
import { closeUnusedConnections } from './unused-connections.js';
import { requestTimeoutOptions } from './server-limits.js';
import { API_INTRODUCTION, API_TAG_DESCRIPTIONS, errorCatalogComponents, withReplayedHeader } from './openapi.js';
import { webhookDocs } from './webhook-events.js';
import { withExamples } from './api-examples.js';
import { withCodeSamples } from './openapi-code-samples.js';
import { withOperationIds } from './openapi-operations.js';
import {
  withDocumentedSecurity,
  withOptionalBodies,
  withPlaceholdersAsCode,
  withRateLimits,
  withSharedErrorEnvelope,
  withSuccessDescriptions,
} from './openapi-reference.js';
import { panelRoutes } from './panel/panel.js';
import { portalRoutes } from './portal/portal.js';
import { PANEL_SITE } from './panel/site.js';
import { portalSite } from './portal/site.js';
import { tenantRoutes, platformRoutes } from './routes.js';
import type { RouteMeta } from './route-meta.js';

export type Listener = Environment | 'platform';

export interface RouteInfo {
  method: string;
  url: string;
  meta: RouteMeta | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of this app with what it declares, for the route-wide tests and the rate limiter. */
    routeTable: RouteInfo[];
  }
  interface FastifyRequest {
    /** The body as sent, before a schema stripped or changed it: what the request log keeps. */
    sentBody: string | null;
  }
}

/** Default body limit; routes that take more (the batch) or less set their own. */
const BODY_LIMIT = 64 * 1024;
/** No request of the API nests beyond four levels (audit: 20,000 levels overflowed the fingerprint). */
const MAX_JSON_DEPTH = 32;

/** Builds the app of one listener: sandbox or live (the operator API), or platform. */
export async function buildApp(
  listener: Listener,
  deps: ServiceDeps,
  extra?: FastifyPluginAsync,
): Promise<FastifyInstance> {
  const source = sourceOf(listener, deps.instanceId);
  const timeouts = requestTimeoutOptions(deps.requestTimeoutMs);
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    genReqId: newRequestId,
    childLoggerFactory: requestLoggerFactory,
    requestIdHeader: false,
    // Behind the proxies named in TRUST_PROXY, request.ip (and host, protocol) are the client's, from the
    // forwarding headers; from anyone else those headers are ignored.
    trustProxy: deps.trustProxy.length > 0 ? [...deps.trustProxy] : false,
    bodyLimit: BODY_LIMIT,
    // While closing, requests on open connections are still served (the pool closes after the listeners),
    // rather than answered with a 503 body that is not our envelope.
    return503OnClosing: false,
    // A request whose headers and body take longer than REQUEST_TIMEOUT_MS to arrive is cut off.
    requestTimeout: timeouts.requestTimeout,
    // What Node would refuse with an empty answer reaches the app, which refuses it with the envelope.
    http: { ...timeouts.http, ...LET_THROUGH_NODE_REFUSALS },
    // Errors raised before routing (a bad URL, unparsable HTTP) answer with the envelope too.
    clientErrorHandler: clientErrorHandler(deps, source),
    frameworkErrors: frameworkErrorHandler(deps, source, listener === 'platform' ? PANEL_SITE : portalSite(listener)),
  });
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, meta: route.config?.meta });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app, deps, source);
  installErrorAnswers(app, deps.errorAnswers, deps.clock, listener === 'platform' ? null : listener);
  if (listener !== 'platform') installRequestLog(app, deps.requestLog, deps.clock);
  installRequestMetrics(app, listener, deps.metrics);
  installRequestContext(app, source, deps.isReady);
  installApiHeaders(app);
  installRequestHeadChecks(app);
  installRefusedBodyDrain(app);
  closeUnusedConnections(app);
  await installCompression(app);

  // Any content type is read as JSON (operators' clients are not always careful with headers);
  // fastify's own parser keeps its prototype-poisoning protection.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('sentBody', null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    // As sent, for the request log (http/request-log.ts): what the schema makes of it is not what came.
    request.sentBody = body as string;
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      return done(new ApiError('validation_failed', `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`));
    }
    parseJson(request, body as string, (error, value) => {
      // JSON all the same: refused for a key that would reach an object's prototype.
      if (error && isJson(body as string)) {
        return done(
          new ApiError(
            'validation_failed',
            'The request body has a key named __proto__ (or a constructor with a prototype), which no request takes.',
          ),
        );
      }
      done(error, value);
    });
  });

  app.get('/healthz', { config: { meta: { tier: 'public', credential: 'none' } } }, async (_request, reply) =>
    deps.isReady() ? { status: 'ok' } : reply.code(503).send({ status: 'starting' }),
  );

  if (listener === 'platform') {
    installPlatformAuth(app, deps);
    await app.register(platformRoutes(deps));
    await app.register(panelRoutes(deps));
    await app.register(metricsRoutes(deps));
  } else {
    installTenantAuth(app, deps, listener);
    installCors(app, deps.allowedOrigins, listener);
    installKillSwitches(app, deps.killSwitches);
    installRateLimits(app, deps.rateLimiter, deps.metrics.rateLimitRefused);
    installIdempotencyKeyCheck(app);
    installDeprecation(app);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Prediction market operator API',
          // No address: operators reach the platform team by support ticket (docs/guides/going-live.md, "Support").
          contact: { name: 'Platform support, by support ticket (POST /v1/support-tickets)' },
          // "v1" names the API's path version, as documentation tools show it beside the title.
          version: 'v1',
          description: API_INTRODUCTION,
        },
        servers: [{ url: '/' }],
        // The reference's resources in this order (reference-document.ts follows it), the webhook events last.
        tags: Object.entries(API_TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
        webhooks: webhookDocs(),
        components: {
          securitySchemes: {
            apiKey: { type: 'http', scheme: 'bearer', description: 'pmk_<environment>_<32 characters>' },
            sessionToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'A widget session token from POST /v1/widget/sessions',
            },
            webhookSignature: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Webhook-Signature',
              description:
                'How a webhook delivery proves it is ours: signed with your webhook secret in X-Webhook-Signature and, with its time, in X-Webhook-Signature-V2 (prefer it: it lets you refuse a replay); checked by your receiver ([webhooks](/docs/guides/webhooks)).',
            },
          },
          ...errorCatalogComponents(),
        } as never,
      },
      transform: jsonSchemaTransform,
      // Each step adds what the routes' own schemas do not say, in this order (openapi-reference.ts).
      transformObject: (document) =>
        [
          withReplayedHeader,
          withOptionalBodies,
          withCodeSamples,
          withSuccessDescriptions,
          (doc: object) => withRateLimits(doc, app.routeTable),
          withPlaceholdersAsCode,
          withOperationIds,
          withSharedErrorEnvelope,
          withDocumentedSecurity,
        ].reduce<object>(
          (doc, step) => step(doc),
          withExamples('openapiObject' in document ? document.openapiObject : {}),
        ),
    });
    app.get(
      '/v1/openapi.json',
      { config: { meta: { tier: 'public', credential: 'none' } }, schema: { hide: true } },
      async () => app.swagger(),
    );
    await app.register(tenantRoutes(deps, listener));
    await app.register(portalRoutes(deps, listener));
  }
  if (extra) await app.register(extra);
  await app.ready();
  return app;
}

/** Whether text parses as JSON at all (asked only of a body the guarded parser refused). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
