import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import type { Scope } from './model/scopes.js';

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  environment: Environment;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
  /** From this instant the key is refused like a revoked one; null: it does not expire. */
  expiresAt: Date | null;
  /** The key this one replaces (a rotation); the old one is revoked when the changeover is confirmed. */
  rotatesKeyId: string | null;
  /** When it was last used, to the minute (recordKeyUse); null: never; absent on a key just issued. */
  lastUsedAt?: Date | null;
}

const COLUMNS = [
  'id',
  'tenant_id',
  'environment',
  'key_prefix',
  'scopes',
  'created_at',
  'revoked_at',
  'expires_at',
  'rotates_key_id',
  'last_used_at',
] as const;

interface KeyRow {
  id: string;
  tenant_id: string;
  environment: Environment;
  key_prefix: string;
  scopes: string[];
  created_at: Date;
  revoked_at: Date | null;
  expires_at: Date | null;
  rotates_key_id: string | null;
  last_used_at: Date | null;
}

const toRecord = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  environment: r.environment,
  prefix: r.key_prefix,
  scopes: r.scopes,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
  expiresAt: r.expires_at,
  rotatesKeyId: r.rotates_key_id,
  lastUsedAt: r.last_used_at,
});

export async function insertApiKey(db: Executor, record: ApiKeyRecord, keyHash: Buffer): Promise<void> {
  await db
    .insertInto('api_keys')
    .values({
      id: record.id,
      tenant_id: record.tenantId,
      environment: record.environment,
      key_hash: keyHash,
      key_prefix: record.prefix,
      scopes: record.scopes,
      created_at: record.createdAt,
      revoked_at: null,
      expires_at: record.expiresAt,
      rotates_key_id: record.rotatesKeyId,
    })
    .execute();
}

/** One key, its row locked for the caller's transaction (a rotation or its confirmation). */
export async function lockKey(tx: Executor, id: string): Promise<ApiKeyRecord | null> {
  const row = await tx.selectFrom('api_keys').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The rotation of `oldId` that is not confirmed yet: its new key is live and the old key too. */
export async function pendingRotationOf(db: Executor, oldId: string): Promise<ApiKeyRecord | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where('rotates_key_id', '=', oldId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Revokes one key, keeping the first revocation time: the key revoked, or null when there is no such key. */
export async function revokeKey(db: Executor, id: string, now: Date): Promise<ApiKeyRecord | null> {
  const row = await db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Revokes every live key of a tenant (a suspension), or of one of its environments (go-live). */
export async function revokeTenantKeys(
  tx: Executor,
  tenantId: string,
  now: Date,
  environment?: Environment,
): Promise<void> {
  let query = tx
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null);
  if (environment) query = query.where('environment', '=', environment);
  await query.execute();
}

export async function listTenantKeys(db: Executor, tenantId: string): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** What a request with a key may do, as one read found it: what the key cache keeps (key-cache.ts). */
export interface KeyGrant {
  keyId: string;
  tenantId: string;
  environment: Environment;
  scopes: Scope[];
  /** Checked against each request's time, since a cached grant outlives the read. */
  expiresAt: Date | null;
  tenantStatus: 'active' | 'suspended';
}

/** The unrevoked, unexpired key with this hash and its tenant's status; null when there is none. */
export async function readKeyGrant(db: Executor, keyHash: Buffer, now: Date): Promise<KeyGrant | null> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
    .select([
      'api_keys.id',
      'api_keys.tenant_id',
      'api_keys.environment',
      'api_keys.scopes',
      'api_keys.expires_at',
      'tenants.status',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', now)]))
    .executeTakeFirst();
  if (!row) return null;
  const { id, tenant_id, environment, scopes, expires_at, status } = row;
  return {
    keyId: id,
    tenantId: tenant_id,
    environment,
    scopes: scopes as Scope[],
    expiresAt: expires_at,
    tenantStatus: status,
  };
}

/** What GET /v1/tenant tells a caller of its own key. */
export interface KeyUse {
  id: string;
  scopes: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export async function findKeyUse(db: Executor, id: string): Promise<KeyUse | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'scopes', 'expires_at', 'last_used_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, scopes: row.scopes, expiresAt: row.expires_at, lastUsedAt: row.last_used_at } : null;
}

/** A minute: the finest last_used_at is kept to (migration 0024). */
export const KEY_USE_PRECISION_MS = 60_000;

/**
 * Records a use of the key at `now`, unless one within the last minute is recorded already (another
 * process's): a busy key's row is written once a minute, not once a request.
 */
export async function recordKeyUse(db: Executor, id: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - KEY_USE_PRECISION_MS);
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', since)]))
    .execute();
}
