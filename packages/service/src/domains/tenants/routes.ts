import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { ApiError } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { errorResponses } from '../../http/openapi.js';
import { issueApiKey } from '../api-keys/issue-api-key.js';
import { revokeApiKey } from '../api-keys/revoke-api-key.js';
import { createTenant } from './create-tenant.js';
import { getTenant } from './get-tenant.js';
import { rotateWebhookSecret } from './rotate-webhook-secret.js';
import { setTenantStatus } from './set-tenant-status.js';
import { updateEnvironment } from './update-environment.js';
import {
  CreateTenantBody,
  EnvironmentParams,
  EnvironmentSettingsSchema,
  IssueApiKeyBody,
  IssuedApiKey,
  Tenant,
  TenantDetail,
  TenantParams,
  UpdateEnvironmentBody,
  WebhookSecret,
  presentKey,
  presentSettings,
  presentTenant,
} from './schemas.js';

const meta = { tier: 'platform', credential: 'platform' } as const;

/** An id in a path that is not a uuid names nothing: 404, like an unknown one. */
function existingId(id: string, what: string): string {
  if (!isUuid(id)) throw new ApiError('not_found', `No ${what} ${id}.`);
  return id;
}

/** Platform API for tenants and their keys (decisions part 2). */
export function tenantPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/platform/v1/tenants',
      {
        config: { meta },
        schema: { body: CreateTenantBody, response: { 201: Tenant, ...errorResponses('validation_failed') } },
      },
      async (request, reply) => reply.code(201).send(presentTenant(await createTenant(deps, request.body.name))),
    );

    app.get(
      '/platform/v1/tenants/:tenant_id',
      { config: { meta }, schema: { params: TenantParams, response: { 200: TenantDetail } } },
      async (request) => {
        const { tenant, environments, keys } = await getTenant(deps, existingId(request.params.tenant_id, 'tenant'));
        return {
          ...presentTenant(tenant),
          created_at: tenant.createdAt.toISOString(),
          environments: environments.map(presentSettings),
          api_keys: keys.map(presentKey),
        };
      },
    );

    app.post(
      '/platform/v1/tenants/:tenant_id/api-keys',
      { config: { meta }, schema: { params: TenantParams, body: IssueApiKeyBody, response: { 201: IssuedApiKey } } },
      async (request, reply) => {
        const key = await issueApiKey(
          deps,
          existingId(request.params.tenant_id, 'tenant'),
          request.body.environment,
          request.body.scopes,
        );
        return reply
          .code(201)
          .send({ id: key.id, api_key: key.apiKey, environment: key.environment, scopes: key.scopes });
      },
    );

    app.delete('/platform/v1/api-keys/:key_id', { config: { meta } }, async (request, reply) => {
      const { key_id } = request.params as { key_id: string };
      await revokeApiKey(deps, existingId(key_id, 'API key'));
      return reply.code(204).send();
    });

    app.put(
      '/platform/v1/tenants/:tenant_id/environments/:environment',
      {
        config: { meta },
        schema: {
          params: EnvironmentParams,
          body: UpdateEnvironmentBody,
          response: { 200: EnvironmentSettingsSchema },
        },
      },
      async (request) => {
        const settings = await updateEnvironment(
          deps,
          existingId(request.params.tenant_id, 'tenant'),
          request.params.environment,
          {
            webhookUrl: request.body.webhook_url,
            allowedOrigins: request.body.allowed_origins,
          },
        );
        return presentSettings(settings);
      },
    );

    app.post(
      '/platform/v1/tenants/:tenant_id/environments/:environment/webhook-secret',
      { config: { meta }, schema: { params: EnvironmentParams, response: { 201: WebhookSecret } } },
      async (request, reply) => {
        const secret = await rotateWebhookSecret(
          deps,
          existingId(request.params.tenant_id, 'tenant'),
          request.params.environment,
        );
        return reply.code(201).send({ webhook_secret: secret });
      },
    );

    for (const [action, status] of [
      ['suspend', 'suspended'],
      ['reactivate', 'active'],
    ] as const) {
      app.post(
        `/platform/v1/tenants/:tenant_id/${action}`,
        { config: { meta }, schema: { params: TenantParams, response: { 200: Tenant } } },
        async (request) =>
          presentTenant(await setTenantStatus(deps, existingId(request.params.tenant_id, 'tenant'), status)),
      );
    }
  };
}
