import type { Db } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { ApiError } from '../../errors/index.js';
import type { TenantEnv } from '../tenant-env.js';
import { environmentOfKey, hashApiKey } from './model/api-key.js';
import type { Scope } from './model/scopes.js';

export interface ApiKeyPrincipal extends TenantEnv {
  keyId: string;
  scopes: Scope[];
}

const invalid = () => new ApiError('invalid_api_key', 'The API key is not valid for this environment.');

/**
 * Resolves a bearer API key on the listener of one environment. Unknown, revoked and other-environment
 * keys are all the same 401 (spec 5.1: the answer does not say which).
 */
export async function authenticateApiKey(
  db: Db,
  key: string,
  listenerEnvironment: Environment,
): Promise<ApiKeyPrincipal> {
  if (environmentOfKey(key) !== listenerEnvironment) throw invalid();
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
    .select(['api_keys.id', 'api_keys.tenant_id', 'api_keys.environment', 'api_keys.scopes', 'tenants.status'])
    .where('api_keys.key_hash', '=', hashApiKey(key))
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.environment !== listenerEnvironment) throw invalid();
  if (row.status === 'suspended') throw new ApiError('tenant_suspended', 'The tenant is suspended.');
  return { tenantId: row.tenant_id, environment: row.environment, keyId: row.id, scopes: row.scopes as Scope[] };
}
