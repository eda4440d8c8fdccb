import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audited, hostOf } from '../../domains/audit/index.js';
import { EVENT_TYPES, type EventContent, type EventType } from '../../domains/events/index.js';
import { IdempotencyHeaders, keyedWork, type KeyedWork } from '../../domains/idempotency/index.js';
import { getTenantLimits, presentTenantLimits, TenantLimitsSchema } from '../../domains/rate-limits/index.js';
import {
  describeCaller,
  EnvironmentName,
  getOwnSettings,
  rotateWebhookSecret,
  sendTestEvent,
  UpdateEnvironmentBody,
  updateOwnSettings,
  WebhookSecret,
  type EnvironmentSettings,
} from '../../domains/tenants/index.js';
import type { TenantCtx } from '../../domains/context.js';
import type { ServiceDeps } from '../../deps.js';
import { presenter } from '../../lib/present.js';
import { tenantCtx } from '../context.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { API_KEY_ERRORS, API_KEY_SECURITY, API_KEY_WRITE_ERRORS, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';
import { sendStored } from '../stored-answer.js';
import { WEBHOOK_EVENTS } from '../webhook-events.js';

const whoMeta = { tier: 'default', credential: 'api_key' } as const satisfies RouteMeta;
const meta = { tier: 'default', credential: 'api_key', scope: 'write:sync' } as const satisfies RouteMeta;
const tags = ['tenant'];

export const WhoAmI = z.object({
  tenant_id: z.uuid(),
  name: z.string(),
  environment: EnvironmentName.describe('The environment of the key, which is the listener answering.'),
  key: z.object({
    id: z.uuid().describe('The key this request was made with.'),
    scopes: z.array(z.string()),
    expires_at: z.string().nullable().describe('From this instant the key is refused; null: it does not expire.'),
    last_used_at: z
      .string()
      .nullable()
      .describe(
        'When the key was last used, recorded at most once a minute (so up to a minute behind, and this request ' +
          'may not show yet); null: no use recorded yet.',
      ),
  }),
  rate_limits: TenantLimitsSchema.describe(
    "Every tier's limits per 60 s as the limiter applies them, raised limits included: `tenant` for the API key's " +
      'requests, `end_user` for each widget session user (null where sessions have no limit of their own).',
  ),
});

export const OwnSettings = z.object({
  environment: EnvironmentName,
  webhook_url: z.string().nullable().describe('Where events of this environment are POSTed; null: no delivery.'),
  allowed_origins: z.array(z.string()).describe('Browser origins whose widget session requests get CORS headers.'),
  webhook_secret_set: z.boolean().describe('Whether a webhook secret exists; the secret itself is never shown here.'),
});

export const UpdateOwnSettingsBody = UpdateEnvironmentBody.omit({ widget: true }).strict();

export const TestEventBody = z
  .object({ event: z.enum(EVENT_TYPES as [EventType, ...EventType[]]).describe('The event type to send.') })
  .strict();

export const TestEventAccepted = z.object({
  delivery_id: z.uuid().describe("The id of the delivery: its body's id and its X-Webhook-Delivery header."),
});

const presentOwnSettings = (s: EnvironmentSettings): z.infer<typeof OwnSettings> => ({
  environment: s.environment,
  webhook_url: s.webhookUrl,
  allowed_origins: s.allowedOrigins,
  webhook_secret_set: s.webhookSecretSet,
});

/** An environment as the audit log names it: `<tenant id>/<environment>`, as the panel and the portal do. */
const targetOf = (ctx: TenantCtx) => `${ctx.tenantEnv.tenantId}/${ctx.tenantEnv.environment}`;

/** The reference's example of an event type (http/webhook-events.ts): what a test event carries. */
export function sampleEventOf(type: EventType): EventContent {
  return { type, data: WEBHOOK_EVENTS[type].example } as EventContent;
}

const testEventWrite: KeyedWork<EventContent, { deliveryId: string }> = {
  operation: 'webhook_test',
  run: sendTestEvent,
  status: 202,
  present: presenter(TestEventAccepted, (v: { deliveryId: string }) => ({ delivery_id: v.deliveryId })),
};

/**
 * Self-service for the operator (docs/guides/self-service.md): who a key is, its environment's webhook URL and
 * origins, the webhook secret's rotation, and a test event. Always the caller's own tenant environment:
 * a sandbox key sees and changes the sandbox only.
 */
export function tenantSelfServiceRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  const webhookUrlPolicy = { allowInsecure: deps.allowInsecureWebhooks };
  return async (app) => {
    app.get(
      '/v1/tenant',
      {
        config: { meta: whoMeta },
        schema: {
          summary: 'Who am I',
          description:
            'The tenant and environment of the API key this request carries, the key itself (id, scopes, expiry, ' +
            'last use; never the key), and the rate limits that apply to the tenant. Any API key, whatever its ' +
            'scopes; a widget session token is 401 `invalid_api_key`.',
          tags,
          security: API_KEY_SECURITY,
          // Any key: never insufficient_scope.
          response: { 200: WhoAmI, ...errorResponses('invalid_api_key', 'tenant_suspended', 'rate_limited') },
        },
      },
      async (request) => {
        const ctx = tenantCtx(deps, request);
        const { tenant, key } = valueOrThrow(await describeCaller(ctx));
        const limits = valueOrThrow(await getTenantLimits(ctx, tenant.id));
        return {
          tenant_id: tenant.id,
          name: tenant.name,
          environment: ctx.tenantEnv.environment,
          key: {
            id: key.id,
            scopes: key.scopes,
            expires_at: key.expiresAt?.toISOString() ?? null,
            last_used_at: key.lastUsedAt?.toISOString() ?? null,
          },
          rate_limits: presentTenantLimits(limits),
        };
      },
    );

    app.get(
      '/v1/tenant/settings',
      {
        config: { meta },
        schema: {
          summary: "Read this environment's webhook URL and allowed origins",
          description:
            'The settings of the environment of the API key (a sandbox key reads the sandbox only), and whether a ' +
            'webhook secret is set; the secret itself is never shown again after its rotation.',
          tags,
          security: API_KEY_SECURITY,
          response: { 200: OwnSettings, ...errorResponses(...API_KEY_ERRORS) },
        },
      },
      async (request) => presentOwnSettings(valueOrThrow(await getOwnSettings(tenantCtx(deps, request)))),
    );

    app.put(
      '/v1/tenant/settings',
      {
        config: { meta },
        schema: {
          summary: "Change this environment's webhook URL and allowed origins",
          description:
            "Changes the fields sent and keeps the others; answers the settings after the change. The platform's " +
            'rules: `webhook_url` https to a public host, without user:password@ (null stops delivery; plain http ' +
            'and loopback, private or link-local hosts only where the service runs with ALLOW_INSECURE_WEBHOOKS=1); ' +
            '`allowed_origins` a list of origins (scheme, lower-case host, port only when not the default, no ' +
            'path), each once, at most 100, replacing the list. Naturally idempotent: no Idempotency-Key.',
          tags,
          security: API_KEY_SECURITY,
          body: UpdateOwnSettingsBody,
          response: {
            200: OwnSettings,
            ...errorResponses('validation_failed', ...API_KEY_ERRORS, 'request_too_large'),
          },
        },
      },
      async (request) => {
        const ctx = tenantCtx(deps, request);
        const changes = {
          webhookUrl: request.body.webhook_url,
          allowedOrigins: request.body.allowed_origins,
          webhookUrlPolicy,
        };
        const { webhook_url, allowed_origins } = request.body;
        const details: Record<string, unknown> = {};
        if (webhook_url !== undefined) details.webhook_host = webhook_url === null ? null : hostOf(webhook_url);
        if (allowed_origins !== undefined) details.allowed_origins = allowed_origins.length;
        // Recorded by the key's id, in the tenant environment of the key (audited takes both from ctx).
        const entry = { action: 'environment.update', target: targetOf(ctx), details };
        const settings = valueOrThrow(await audited(ctx, entry, (tx) => updateOwnSettings(tx, changes)));
        deps.allowedOrigins.invalidate(ctx.tenantEnv.tenantId); // the other processes within ORIGINS_REFRESH_MS
        return presentOwnSettings(settings);
      },
    );

    app.post(
      '/v1/tenant/webhook-secret',
      {
        config: { meta },
        schema: {
          summary: 'Rotate the webhook secret',
          description:
            'A new webhook secret for this environment, shown in this answer only (it is never stored as an answer ' +
            'and no Idempotency-Key is taken: each call is a new rotation). The old secret stops at once: every ' +
            'delivery attempt from now on, retries of older events included, is signed with the new one.',
          tags,
          security: API_KEY_SECURITY,
          response: { 201: WebhookSecret, ...errorResponses(...API_KEY_ERRORS) },
        },
      },
      async (request, reply) => {
        const ctx = tenantCtx(deps, request);
        // The secret is the verb's value: the entry says which one was rotated, never the value.
        const entry = { action: 'webhook_secret.rotate', target: targetOf(ctx), details: {} };
        const secret = valueOrThrow(await audited(ctx, entry, (tx) => rotateWebhookSecret(tx, tx.tenantEnv)));
        return reply.code(201).send({ webhook_secret: secret });
      },
    );

    app.post(
      '/v1/webhooks/test',
      {
        config: { meta: { ...meta, idempotent: true } },
        schema: {
          summary: 'Send a test event',
          description:
            'Sends an event of the chosen type to the webhook_url of this environment, with the sample data of ' +
            'that event in the reference and `"test": true` added to its `data`: signed with the current secret ' +
            "and delivered like every event (retries, dead letters, the portal's delivery list, GET /v1/events). " +
            'Answers 202 with the delivery id before it is sent. 409 `state_conflict` while no webhook_url or no ' +
            'webhook secret is set (the key is not spent). The answer is replayed for its Idempotency-Key for 90 days, with no second delivery.',
          tags: ['events'],
          security: API_KEY_SECURITY,
          headers: IdempotencyHeaders,
          body: TestEventBody,
          response: { 202: TestEventAccepted, ...errorResponses(...API_KEY_WRITE_ERRORS, 'state_conflict') },
        },
      },
      async (request, reply) => {
        const ctx = tenantCtx(deps, request);
        const unit = {
          key: idempotencyKeyOf(request),
          fields: { ...request.body },
          input: sampleEventOf(request.body.event),
        };
        return sendStored(reply, await keyedWork(ctx, request.requestContext, testEventWrite, unit));
      },
    );
  };
}
