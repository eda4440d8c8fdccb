/** The scopes of spec 5.2. */
export const SCOPES = ['write:sync', 'write:positions', 'read:markets', 'read:reports', 'write:tickets'] as const;
export type Scope = (typeof SCOPES)[number];
