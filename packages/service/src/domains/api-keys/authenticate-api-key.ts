import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantEnv } from '../context.js';
import { environmentOfKey, hashApiKey } from './api-key.js';
import type { Scope } from './model/scopes.js';

export interface AuthenticatedKey {
  tenantEnv: TenantEnv;
  keyId: string;
  scopes: Scope[];
}

/**
 * Resolves a bearer API key on the listener of one environment. Unknown, revoked, expired and
 * other-environment keys are all the same invalid_api_key (spec 5.1: the answer does not say which); a
 * live key of a suspended tenant is tenant_suspended.
 */
export async function authenticateApiKey(
  db: Executor,
  key: string,
  listenerEnvironment: Environment,
  now: Date,
): Promise<Result<AuthenticatedKey>> {
  const invalid = rejected('invalid_api_key', 'The API key is not valid for this environment.');
  if (environmentOfKey(key) !== listenerEnvironment) return invalid;
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
    .select(['api_keys.id', 'api_keys.tenant_id', 'api_keys.environment', 'api_keys.scopes', 'tenants.status'])
    .where('api_keys.key_hash', '=', hashApiKey(key))
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', now)]))
    .executeTakeFirst();
  if (!row || row.environment !== listenerEnvironment) return invalid;
  if (row.status === 'suspended') return rejected('tenant_suspended', 'The tenant is suspended.');
  const tenantEnv = { tenantId: row.tenant_id, environment: row.environment };
  return ok({ tenantEnv, keyId: row.id, scopes: row.scopes as Scope[] });
}
