/** The scopes an API key can hold (docs/platform-api.md, "Tenants, keys, support, reconciliation"). */
export const SCOPES = ['write:sync', 'write:positions', 'read:markets', 'read:reports', 'write:tickets'] as const;
export type Scope = (typeof SCOPES)[number];
