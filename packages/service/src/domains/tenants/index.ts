export { createTenant } from './create-tenant.js';
export { describeCaller, type Caller } from './describe-caller.js';
export { existingTenant } from './existing-tenant.js';
export { getWidgetConfig } from './get-widget-config.js';
export { getTenant, type TenantWithSettings } from './get-tenant.js';
export { allowedOriginsViewOf, type AllowedOrigins } from './allowed-origins.js';
export { confirmKeyRotation } from './confirm-key-rotation.js';
export { goLive } from './go-live.js';
export { issueApiKey, type IssueApiKeyInput, type IssuedKey } from './issue-api-key.js';
export { listTenants, tenantNames } from './list-tenants.js';
export { isRegistrableOrigin } from './model/origin.js';
export { WIDGET_DEFAULT_COLOURS, WIDGET_LOCALES, type ColourToken } from './model/widget-look.js';
export { defaultLocaleProblem } from './model/widget-settings.js';
export { getOwnSettings, updateOwnSettings, type OwnSettingsChanges } from './own-settings.js';
export { revokeApiKey } from './revoke-api-key.js';
export { rotateApiKey } from './rotate-api-key.js';
export { rotateWebhookSecret } from './rotate-webhook-secret.js';
export * from './schemas.js';
export { setTenantStatus } from './set-tenant-status.js';
export { sendTestEvent } from './send-test-event.js';
export {
  findTenant,
  tenantSessionStates,
  type EnvironmentSettings,
  type TenantRow,
  type TenantSessionState,
} from './tenant-repo.js';
export { updateEnvironment, type EnvironmentChanges } from './update-environment.js';
export * from './widget-schemas.js';
