import { z } from 'zod';
import { SCOPES, type ApiKeyRecord } from '../api-keys/index.js';
import { ENVIRONMENTS } from '../context.js';
import { isPlainText, PlainText } from '../../lib/text.js';
import { isRegistrableOrigin } from './model/origin.js';
import type { TenantWithSettings } from './get-tenant.js';
import type { TenantRow, EnvironmentSettings } from './tenant-repo.js';
import { presentWidgetConfig, WidgetConfig, WidgetSettingsBody } from './widget-schemas.js';

export const EnvironmentName = z.enum(ENVIRONMENTS);
export const TenantParams = z.object({ tenant_id: z.string() });
export const EnvironmentParams = z.object({ tenant_id: z.string(), environment: EnvironmentName });

export const CreateTenantBody = z.object({ name: PlainText.min(1).max(200) });

export const Tenant = z.object({ id: z.uuid(), name: z.string(), status: z.enum(['active', 'suspended']) });

export const EnvironmentSettingsSchema = z.object({
  environment: EnvironmentName,
  webhook_url: z.string().nullable(),
  allowed_origins: z.array(z.string()),
  widget: WidgetConfig,
  webhook_secret_set: z.boolean().describe('Whether a webhook secret exists; the secret itself is never shown here.'),
});

export const ApiKeyMetadata = z.object({
  id: z.uuid(),
  environment: EnvironmentName,
  scopes: z.array(z.string()),
  prefix: z.string().describe('The first characters of the key, to tell keys apart.'),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  expires_at: z.string().nullable().describe('From this instant the key is refused; null: it does not expire.'),
  rotates_key_id: z
    .uuid()
    .nullable()
    .describe('The key this one replaces; that key is revoked when the changeover is confirmed.'),
});

export const TenantDetail = Tenant.extend({
  created_at: z.string(),
  environments: z.array(EnvironmentSettingsSchema),
  api_keys: z.array(ApiKeyMetadata),
});

export const UpdateEnvironmentBody = z
  .object({
    webhook_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      // A URL parser would quietly escape a NUL that the database cannot store anyway.
      .refine(isPlainText, 'must not contain control characters')
      .nullable()
      .optional()
      .describe(
        'Where events of this environment are POSTed; null stops delivery. https to a public host, without ' +
          'user:password@; plain http and loopback, private or link-local hosts only with ALLOW_INSECURE_WEBHOOKS=1.',
      ),
    allowed_origins: z
      .array(
        z
          .string()
          .refine(
            isRegistrableOrigin,
            'must be an origin: http or https, lower-case host, a port only when not the default, no path',
          ),
      )
      .max(100)
      .refine((list) => new Set(list).size === list.length, 'each origin may be listed once')
      .optional()
      .describe('Browser origins whose widget session requests get CORS headers (API-key requests never do).'),
    widget: WidgetSettingsBody.optional(),
  })
  .strict();

const Scopes = z.array(z.enum(SCOPES)).min(1);

export const IssueApiKeyBody = z.object({
  environment: EnvironmentName,
  scopes: Scopes,
  expires_at: z.iso
    .datetime()
    .optional()
    .describe('RFC 3339 UTC, in the future: from then on the key is 401 invalid_api_key.'),
});

export const GoLiveBody = z.object({ scopes: Scopes });

export const KeyParams = z.object({ key_id: z.string() });

export const IssuedApiKey = z.object({
  id: z.uuid(),
  api_key: z.string().describe('Shown in this answer only.'),
  environment: EnvironmentName,
  scopes: z.array(z.string()),
});

export const RotatedApiKey = IssuedApiKey.extend({
  rotates_key_id: z.uuid().describe('The old key: it keeps working until the rotation is confirmed.'),
});

export const WebhookSecret = z.object({ webhook_secret: z.string() });

export function presentTenant(t: TenantRow): z.infer<typeof Tenant> {
  return { id: t.id, name: t.name, status: t.status };
}

export function presentSettings(s: EnvironmentSettings): z.infer<typeof EnvironmentSettingsSchema> {
  return {
    environment: s.environment,
    webhook_url: s.webhookUrl,
    allowed_origins: s.allowedOrigins,
    widget: presentWidgetConfig(s.widget),
    webhook_secret_set: s.webhookSecretSet,
  };
}

export function presentKey(k: ApiKeyRecord): z.infer<typeof ApiKeyMetadata> {
  return {
    id: k.id,
    environment: k.environment,
    scopes: k.scopes,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    revoked_at: k.revokedAt?.toISOString() ?? null,
    expires_at: k.expiresAt?.toISOString() ?? null,
    rotates_key_id: k.rotatesKeyId,
  };
}

export function presentTenantDetail(d: TenantWithSettings): z.infer<typeof TenantDetail> {
  return {
    ...presentTenant(d.tenant),
    created_at: d.tenant.createdAt.toISOString(),
    environments: d.environments.map(presentSettings),
    api_keys: d.keys.map(presentKey),
  };
}

export function presentIssuedKey(k: ApiKeyRecord & { apiKey: string }): z.infer<typeof IssuedApiKey> {
  return { id: k.id, api_key: k.apiKey, environment: k.environment, scopes: k.scopes };
}

export function presentRotatedKey(k: ApiKeyRecord & { apiKey: string }): z.infer<typeof RotatedApiKey> {
  return { ...presentIssuedKey(k), rotates_key_id: k.rotatesKeyId! };
}
