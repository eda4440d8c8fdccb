import type { Environment } from '../../../db/schema.js';

/**
 * Whether a key belongs to a tenant environment: always, when none is named (the platform acts on any
 * key); a tenant portal's session acts only on its own tenant environment's keys.
 */
export function belongsTo(
  key: { tenantId: string; environment: Environment },
  within: { tenantId: string; environment: Environment } | undefined,
): boolean {
  return within === undefined || (key.tenantId === within.tenantId && key.environment === within.environment);
}
