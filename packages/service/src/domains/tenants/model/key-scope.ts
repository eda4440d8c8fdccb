import type { Environment } from '../../../db/schema.js';

/**
 * Which keys an action may name: any tenant's (the platform), or one tenant environment's (a tenant
 * portal's session). Always said, never defaulted: a caller that forgot it would act on any key.
 */
export type KeyReach = 'any tenant' | { tenantId: string; environment: Environment };

export function belongsTo(key: { tenantId: string; environment: Environment }, reach: KeyReach): boolean {
  return reach === 'any tenant' || (key.tenantId === reach.tenantId && key.environment === reach.environment);
}
