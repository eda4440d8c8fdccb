import { sql } from 'kysely';
import { containing } from '../../db/like.js';
import type { Ctx } from '../context.js';
import type { TenantRow } from './tenant-repo.js';

/**
 * Tenants for the platform panel, newest first; `name` narrows to names containing it (any case), `after`
 * (a tenant's id) starts after that tenant, a keyset page at a time.
 */
export async function listTenants(
  ctx: Ctx,
  query: { name?: string; after?: string; limit: number },
): Promise<TenantRow[]> {
  let select = ctx.db
    .selectFrom('tenants')
    .select(['id', 'name', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit);
  if (query.name) select = select.where('name', 'ilike', containing(query.name));
  if (query.after) {
    select = select.where(
      sql<boolean>`(created_at, id) < (select t.created_at, t.id from tenants t where t.id = ${query.after})`,
    );
  }
  const rows = await select.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, status: r.status, createdAt: r.created_at }));
}

/** The names of these tenants, by id (unknown ids are left out). */
export async function tenantNames(ctx: Ctx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db.selectFrom('tenants').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
