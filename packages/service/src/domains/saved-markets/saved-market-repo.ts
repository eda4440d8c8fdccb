import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

export interface SavedMarket {
  marketSlug: string;
  savedAt: Date;
}

/** A user's saved markets, newest first (the index saved_markets_newest). */
export async function listSavedMarketRows(db: Executor, userId: string): Promise<SavedMarket[]> {
  const rows = await db
    .selectFrom('saved_markets as s')
    .innerJoin('markets as m', 'm.id', 's.market_id')
    .select(['m.slug', 's.saved_at'])
    .where('s.user_id', '=', userId)
    .orderBy('s.saved_at', 'desc')
    .orderBy('m.slug')
    .execute();
  return rows.map((r) => ({ marketSlug: r.slug, savedAt: r.saved_at }));
}

/**
 * Saves a market unless the user already has `limit` saved: one statement, under a transaction-scoped
 * lock on the user (two saves racing at limit - 1 would otherwise both fit). A market saved before
 * keeps its first saved_at. Null: the limit is reached and the market is not saved.
 */
export async function saveMarketRow(
  tx: Executor,
  userId: string,
  marketId: string,
  limit: number,
  now: Date,
): Promise<Date | null> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`saved-markets:${userId}`}, 0))`.execute(tx);
  const { rows } = await sql<{ saved_at: Date }>`
    with existing as (
      select saved_at from saved_markets where user_id = ${userId} and market_id = ${marketId}
    ), inserted as (
      insert into saved_markets (user_id, market_id, saved_at)
      select ${userId}, ${marketId}, ${now}
      where not exists (select from existing)
        and (select count(*) from saved_markets where user_id = ${userId}) < ${limit}
      returning saved_at
    )
    select saved_at from existing union all select saved_at from inserted`.execute(tx);
  return rows[0]?.saved_at ?? null;
}

export async function deleteSavedMarket(db: Executor, userId: string, marketId: string): Promise<void> {
  await db.deleteFrom('saved_markets').where('user_id', '=', userId).where('market_id', '=', marketId).execute();
}
