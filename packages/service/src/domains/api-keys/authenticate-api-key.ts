import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantEnv } from '../context.js';
import { environmentOfKey, hashApiKey } from './api-key.js';
import { readKeyGrant, recordKeyUse } from './api-key-repo.js';
import type { KeyCache } from './key-cache.js';
import type { Scope } from './model/scopes.js';

export interface AuthenticatedKey {
  tenantEnv: TenantEnv;
  keyId: string;
  scopes: Scope[];
}

/**
 * Resolves a bearer API key on the listener of one environment, through this process's key cache when there is one (a
 * request then costs no key lookup). Unknown, revoked, expired and other-environment keys are all the same
 * invalid_api_key (the answer does not say which: docs/operator-api.md, "Authentication and the users"); a live key of
 * a suspended tenant is tenant_suspended.
 */
export async function authenticateApiKey(
  db: Executor,
  key: string,
  listenerEnvironment: Environment,
  now: Date,
  cache: KeyCache | null = null,
): Promise<Result<AuthenticatedKey>> {
  if (environmentOfKey(key) !== listenerEnvironment) return invalid();
  const keyHash = hashApiKey(key);
  const load = () => readKeyGrant(db, keyHash, now);
  const grant = cache ? await cache.read(keyHash, load) : await load();
  // The expiry again: a cached grant was read at an earlier time.
  if (!grant || grant.environment !== listenerEnvironment) return invalid();
  if (grant.expiresAt !== null && grant.expiresAt <= now) return invalid();
  if (grant.tenantStatus === 'suspended') return rejected('tenant_suspended', 'The tenant is suspended.');
  // The key's last use, at most once a minute per process and never awaited: the request does not wait for
  // it, and a failed write (the pool closing) only leaves last_used_at a minute older.
  if (cache?.useToRecord(grant.keyId)) recordKeyUse(db, grant.keyId, now).catch(() => undefined);
  const tenantEnv = { tenantId: grant.tenantId, environment: grant.environment };
  return ok({ tenantEnv, keyId: grant.keyId, scopes: grant.scopes });
}

const invalid = () => rejected('invalid_api_key', 'The API key is not valid for this environment.');
