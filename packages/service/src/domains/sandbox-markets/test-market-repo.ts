import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { queryMarkets, type MarketRecord } from '../markets/index.js';

/**
 * Locks the tenant's row for the rest of the transaction and counts its test markets: two creations of
 * one tenant take turns, so the cap of 50 holds under concurrency. No key update: the inserts that refer to
 * the tenant (a live user's registration, a report) take a key share lock and go on meanwhile.
 */
export async function lockAndCountTestMarkets(tx: Executor, tenantId: string): Promise<number> {
  await tx.selectFrom('tenants').select('id').where('id', '=', tenantId).forNoKeyUpdate().execute();
  const row = await tx
    .selectFrom('markets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('owner_tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The tenant's test markets by slug after a slug (keyset pagination). */
export async function listOwnedMarkets(
  db: Executor,
  tenantId: string,
  page: { afterSlug: string | null; limit: number },
): Promise<MarketRecord[]> {
  const after = page.afterSlug === null ? sql`true` : sql`m.slug > ${page.afterSlug}`;
  return queryMarkets(db, sql`m.owner_tenant_id = ${tenantId} and ${after}`, sql`order by m.slug limit ${page.limit}`);
}
