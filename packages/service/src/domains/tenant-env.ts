import type { Environment } from '../db/schema.js';

/** The unit of isolation: a tenant in one environment. Users, keys and the ledger never cross it. */
export interface TenantEnv {
  tenantId: string;
  environment: Environment;
}

/** Just the tenant environment of anything that has one (a principal carries more). */
export function tenantEnvOf(of: TenantEnv): TenantEnv {
  return { tenantId: of.tenantId, environment: of.environment };
}

export const ENVIRONMENTS = ['sandbox', 'live'] as const satisfies readonly Environment[];
