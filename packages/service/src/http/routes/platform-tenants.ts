import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmKeyRotation,
  createTenant,
  CreateTenantBody,
  EnvironmentParams,
  EnvironmentSettingsSchema,
  getTenant,
  goLive,
  GoLiveBody,
  issueApiKey,
  IssueApiKeyBody,
  IssuedApiKey,
  KeyParams,
  ApiKeyMetadata,
  presentKey,
  presentRotatedKey,
  rotateApiKey,
  RotatedApiKey,
  presentIssuedKey,
  presentSettings,
  presentTenant,
  presentTenantDetail,
  revokeApiKey,
  rotateWebhookSecret,
  setTenantStatus,
  Tenant,
  TenantDetail,
  TenantParams,
  updateEnvironment,
  widgetChangesOf,
  UpdateEnvironmentBody,
  WebhookSecret,
} from '../../domains/tenants/index.js';
import { presentTenantPauses, tenantPausesOf, TenantPausesSchema } from '../../domains/kill-switches/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { errorResponses, NO_CONTENT } from '../openapi.js';
import { valueOrThrow } from '../present.js';

const meta = { tier: 'platform', credential: 'platform' } as const;

/** The tenant with its pauses of sync and positions (routes/tenant-pauses.ts). */
const TenantWithPauses = TenantDetail.extend({ pauses: TenantPausesSchema });

/** Platform API for tenants, their environments and their keys (docs/platform-api.md). */
export function tenantPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/platform/v1/tenants',
      {
        config: { meta },
        schema: { body: CreateTenantBody, response: { 201: Tenant, ...errorResponses('validation_failed') } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(presentTenant(await createTenant(platformCtx(deps, request), { name: request.body.name }))),
    );

    app.get(
      '/platform/v1/tenants/:tenant_id',
      {
        config: { meta },
        schema: { params: TenantParams, response: { 200: TenantWithPauses, ...errorResponses('not_found') } },
      },
      async (request) => {
        const ctx = platformCtx(deps, request);
        const detail = presentTenantDetail(valueOrThrow(await getTenant(ctx, request.params.tenant_id)));
        return { ...detail, pauses: presentTenantPauses(await tenantPausesOf(ctx, detail.id)) };
      },
    );

    app.post(
      '/platform/v1/tenants/:tenant_id/api-keys',
      {
        config: { meta },
        schema: {
          params: TenantParams,
          body: IssueApiKeyBody,
          response: { 201: IssuedApiKey, ...errorResponses('validation_failed', 'not_found', 'state_conflict') },
        },
      },
      async (request, reply) => {
        const { expires_at, ...body } = request.body;
        const input = {
          tenantId: request.params.tenant_id,
          ...body,
          expiresAt: expires_at ? new Date(expires_at) : null,
        };
        const key = valueOrThrow(await issueApiKey(platformCtx(deps, request), input));
        return reply.code(201).send(presentIssuedKey(key));
      },
    );

    app.post(
      '/platform/v1/tenants/:tenant_id/go-live',
      {
        config: { meta },
        schema: {
          params: TenantParams,
          body: GoLiveBody,
          response: { 201: IssuedApiKey, ...errorResponses('validation_failed', 'not_found', 'state_conflict') },
        },
      },
      async (request, reply) => {
        const input = { tenantId: request.params.tenant_id, scopes: request.body.scopes };
        const key = valueOrThrow(await goLive(platformCtx(deps, request), input));
        return reply.code(201).send(presentIssuedKey(key));
      },
    );

    app.post(
      '/platform/v1/api-keys/:key_id/rotate',
      {
        config: { meta },
        schema: {
          params: KeyParams,
          response: { 201: RotatedApiKey, ...errorResponses('not_found', 'state_conflict') },
        },
      },
      async (request, reply) => {
        const key = valueOrThrow(await rotateApiKey(platformCtx(deps, request), request.params.key_id, 'any tenant'));
        return reply.code(201).send(presentRotatedKey(key));
      },
    );

    app.post(
      '/platform/v1/api-keys/:key_id/confirm-rotation',
      {
        config: { meta },
        schema: {
          params: KeyParams,
          response: { 200: ApiKeyMetadata, ...errorResponses('not_found', 'state_conflict') },
        },
      },
      async (request) =>
        presentKey(
          valueOrThrow(await confirmKeyRotation(platformCtx(deps, request), request.params.key_id, 'any tenant')),
        ),
    );

    app.delete(
      '/platform/v1/api-keys/:key_id',
      { config: { meta }, schema: { params: KeyParams, response: { ...NO_CONTENT, ...errorResponses('not_found') } } },
      async (request, reply) => {
        valueOrThrow(await revokeApiKey(platformCtx(deps, request), request.params.key_id));
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/platform/v1/tenants/:tenant_id/environments/:environment',
      {
        config: { meta },
        schema: {
          params: EnvironmentParams,
          body: UpdateEnvironmentBody,
          response: { 200: EnvironmentSettingsSchema, ...errorResponses('validation_failed', 'not_found') },
        },
      },
      async (request) => {
        const changes = {
          tenantId: request.params.tenant_id,
          environment: request.params.environment,
          webhookUrl: request.body.webhook_url,
          allowedOrigins: request.body.allowed_origins,
          widget: request.body.widget && widgetChangesOf(request.body.widget),
          webhookUrlPolicy: { allowInsecure: deps.allowInsecureWebhooks },
        };
        const settings = valueOrThrow(await updateEnvironment(platformCtx(deps, request), changes));
        deps.allowedOrigins.invalidate(changes.tenantId); // the others see it within ORIGINS_REFRESH_MS
        return presentSettings(settings);
      },
    );

    app.post(
      '/platform/v1/tenants/:tenant_id/environments/:environment/webhook-secret',
      {
        config: { meta },
        schema: { params: EnvironmentParams, response: { 201: WebhookSecret, ...errorResponses('not_found') } },
      },
      async (request, reply) => {
        const input = { tenantId: request.params.tenant_id, environment: request.params.environment };
        const secret = valueOrThrow(await rotateWebhookSecret(platformCtx(deps, request), input));
        return reply.code(201).send({ webhook_secret: secret });
      },
    );

    for (const [action, status] of [
      ['suspend', 'suspended'],
      ['reactivate', 'active'],
    ] as const) {
      app.post(
        `/platform/v1/tenants/:tenant_id/${action}`,
        {
          config: { meta },
          schema: { params: TenantParams, response: { 200: Tenant, ...errorResponses('not_found') } },
        },
        async (request) => {
          const input = { tenantId: request.params.tenant_id, status };
          return presentTenant(valueOrThrow(await setTenantStatus(platformCtx(deps, request), input)));
        },
      );
    }
  };
}
