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
import { audited, hostOf } from '../../domains/audit/index.js';
import { ok } from '../../errors/index.js';
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
      async (request, reply) => {
        const { name } = request.body;
        const entry = { action: 'tenant.create', target: name, details: { name } };
        const created = await audited(platformCtx(deps, request), entry, async (tx) =>
          ok(await createTenant(tx, { name })),
        );
        return reply.code(201).send(presentTenant(valueOrThrow(created)));
      },
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
        const entry = {
          action: 'api_key.issue',
          target: input.tenantId,
          tenantId: input.tenantId,
          environment: input.environment,
          details: { environment: input.environment, scopes: input.scopes, expires_at: expires_at ?? null },
        };
        const key = valueOrThrow(await audited(platformCtx(deps, request), entry, (tx) => issueApiKey(tx, input)));
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
        const entry = {
          action: 'tenant.go_live',
          target: input.tenantId,
          tenantId: input.tenantId,
          environment: 'live' as const,
          details: { scopes: input.scopes, revoked: 'every sandbox key' },
        };
        const key = valueOrThrow(await audited(platformCtx(deps, request), entry, (tx) => goLive(tx, input)));
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
        const { key_id } = request.params;
        const entry = { action: 'api_key.rotate', target: key_id, details: {} };
        const ctx = platformCtx(deps, request);
        const key = valueOrThrow(await audited(ctx, entry, (tx) => rotateApiKey(tx, key_id, 'any tenant')));
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
      async (request) => {
        const { key_id } = request.params;
        const entry = { action: 'api_key.confirm_rotation', target: key_id, details: {} };
        const ctx = platformCtx(deps, request);
        return presentKey(
          valueOrThrow(await audited(ctx, entry, (tx) => confirmKeyRotation(tx, key_id, 'any tenant'))),
        );
      },
    );

    app.delete(
      '/platform/v1/api-keys/:key_id',
      { config: { meta }, schema: { params: KeyParams, response: { ...NO_CONTENT, ...errorResponses('not_found') } } },
      async (request, reply) => {
        const { key_id } = request.params;
        const entry = { action: 'api_key.revoke', target: key_id, details: {} };
        valueOrThrow(await audited(platformCtx(deps, request), entry, (tx) => revokeApiKey(tx, key_id)));
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
        const ctx = platformCtx(deps, request);
        const entry = environmentEntry(changes.tenantId, changes.environment, request.body);
        const settings = valueOrThrow(await audited(ctx, entry, (tx) => updateEnvironment(tx, changes)));
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
        const entry = {
          action: 'webhook_secret.rotate',
          target: `${input.tenantId}/${input.environment}`,
          ...input,
          details: {},
        };
        const ctx = platformCtx(deps, request);
        // The secret is the verb's value: the entry says which one was rotated, never the value.
        const secret = valueOrThrow(await audited(ctx, entry, (tx) => rotateWebhookSecret(tx, input)));
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
          const entry = { action: `tenant.${action}`, target: input.tenantId, tenantId: input.tenantId, details: {} };
          const ctx = platformCtx(deps, request);
          return presentTenant(valueOrThrow(await audited(ctx, entry, (tx) => setTenantStatus(tx, input))));
        },
      );
    }
  };
}

/**
 * The audit entry of a PUT of an environment's settings: `environment.widget` when only the widget's
 * settings are sent (as the panel's widget form), else `environment.update`; the webhook URL by its host.
 */
function environmentEntry(
  tenantId: string,
  environment: 'sandbox' | 'live',
  body: { webhook_url?: string | null; allowed_origins?: string[]; widget?: Record<string, unknown> },
) {
  const details: Record<string, unknown> = {};
  if (body.webhook_url !== undefined)
    details.webhook_host = body.webhook_url === null ? null : hostOf(body.webhook_url);
  if (body.allowed_origins !== undefined) details.allowed_origins = body.allowed_origins.length;
  if (body.widget !== undefined) details.widget = body.widget;
  const widgetOnly = body.widget !== undefined && body.webhook_url === undefined && body.allowed_origins === undefined;
  const action = widgetOnly ? 'environment.widget' : 'environment.update';
  return { action, target: `${tenantId}/${environment}`, tenantId, environment, details };
}
