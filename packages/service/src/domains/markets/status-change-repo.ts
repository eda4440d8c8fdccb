import type { Executor } from '../../db/connection.js';

/** A market's last suspend or reopen (migration 0038): who made it, when, and the reason given. */
export interface MarketStatusChange {
  action: 'suspend' | 'reopen';
  /** Null when none was given (the platform API's reason is optional). */
  reason: string | null;
  changedBy: string;
  changedAt: Date;
}

/** Records a suspend or reopen in its own transaction, replacing the market's previous one. */
export async function saveStatusChange(db: Executor, marketId: string, change: MarketStatusChange): Promise<void> {
  const values = {
    action: change.action,
    reason: change.reason,
    changed_by: change.changedBy,
    changed_at: change.changedAt,
  };
  await db
    .insertInto('market_status_changes')
    .values({ market_id: marketId, ...values })
    .onConflict((oc) => oc.column('market_id').doUpdateSet(values))
    .execute();
}

/** The market's last suspend or reopen; null when it was never suspended since migration 0038. */
export async function findStatusChange(db: Executor, marketId: string): Promise<MarketStatusChange | null> {
  const row = await db
    .selectFrom('market_status_changes')
    .select(['action', 'reason', 'changed_by', 'changed_at'])
    .where('market_id', '=', marketId)
    .executeTakeFirst();
  return row ? { action: row.action, reason: row.reason, changedBy: row.changed_by, changedAt: row.changed_at } : null;
}
