import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';

export async function insertPortalLink(
  db: Executor,
  tokenHash: Buffer,
  scope: TenantEnv,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('portal_links')
    .values({
      token_hash: tokenHash,
      tenant_id: scope.tenantId,
      environment: scope.environment,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
}

/**
 * Uses a link: one conditional update, so that of two requests with the same link exactly one gets its
 * tenant environment. Null for an unknown, used or expired link, and for a tenant suspended since.
 */
export async function usePortalLinkRow(
  db: Executor,
  tokenHash: Buffer,
  environment: TenantEnv['environment'],
  now: Date,
): Promise<TenantEnv | null> {
  const { rows } = await sql<{ tenant_id: string; environment: TenantEnv['environment'] }>`
    update portal_links l set used_at = ${now}
    from tenants t
    where l.token_hash = ${tokenHash} and l.environment = ${environment} and l.used_at is null and l.expires_at > ${now}
      and t.id = l.tenant_id and t.status = 'active'
    returning l.tenant_id, l.environment`.execute(db);
  const row = rows[0];
  return row ? { tenantId: row.tenant_id, environment: row.environment } : null;
}

/** The tenant's status, or null when there is no such tenant. */
export async function tenantStatusOf(db: Executor, tenantId: string): Promise<'active' | 'suspended' | null> {
  const row = await db.selectFrom('tenants').select('status').where('id', '=', tenantId).executeTakeFirst();
  return row?.status ?? null;
}

/** Spends every unused link of a tenant (its suspension): none works again after a reactivation. */
export async function spendTenantLinks(db: Executor, tenantId: string, now: Date): Promise<void> {
  await db
    .updateTable('portal_links')
    .set({ used_at: now })
    .where('tenant_id', '=', tenantId)
    .where('used_at', 'is', null)
    .execute();
}
