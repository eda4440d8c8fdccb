import type { Db } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { findTenant } from '../tenants/tenant-repo.js';
import { insertApiKey, type ApiKeyRecord } from './api-key-repo.js';
import { displayPrefix, generateApiKey, hashApiKey } from './model/api-key.js';
import type { Scope } from './model/scopes.js';

/** Issues a key; the plain key is in this answer only, the database keeps its hash. */
export async function issueApiKey(
  deps: { db: Db; clock: Clock },
  tenantId: string,
  environment: Environment,
  scopes: Scope[],
): Promise<ApiKeyRecord & { apiKey: string }> {
  const tenant = await findTenant(deps.db, tenantId);
  if (!tenant) throw new ApiError('not_found', `No tenant ${tenantId}.`);
  if (tenant.status === 'suspended')
    throw new ApiError('state_conflict', 'The tenant is suspended; reactivate it before issuing keys.');
  const apiKey = generateApiKey(environment);
  const record: ApiKeyRecord = {
    id: newId(),
    tenantId,
    environment,
    prefix: displayPrefix(apiKey),
    scopes: [...new Set(scopes)],
    createdAt: deps.clock.now(),
    revokedAt: null,
  };
  await insertApiKey(deps.db, record, hashApiKey(apiKey));
  return { ...record, apiKey };
}
