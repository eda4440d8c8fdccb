import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  environment: Environment;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  revokedAt: Date | null;
}

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
    })
    .execute();
}

/** Revokes one key, keeping the first revocation time; false when there is no such key. */
export async function revokeKey(db: Executor, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every live key of a tenant (a suspension, spec 5.1). */
export async function revokeTenantKeys(tx: Executor, tenantId: string, now: Date): Promise<void> {
  await tx
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function listTenantKeys(db: Executor, tenantId: string): Promise<ApiKeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'tenant_id', 'environment', 'key_prefix', 'scopes', 'created_at', 'revoked_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    environment: r.environment,
    prefix: r.key_prefix,
    scopes: r.scopes,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  }));
}
