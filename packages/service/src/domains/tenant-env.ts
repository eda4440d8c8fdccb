import type { Environment } from '../db/schema.js';

/** The unit of isolation: a tenant in one environment. Users, keys and the ledger never cross it. */
export interface TenantEnv {
  tenantId: string;
  environment: Environment;
}

export const ENVIRONMENTS = ['sandbox', 'live'] as const satisfies readonly Environment[];
