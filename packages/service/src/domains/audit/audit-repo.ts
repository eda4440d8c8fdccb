import type { Executor } from '../../db/connection.js';

export interface AuditEntry {
  who: string;
  /** What was done, as `<noun>.<verb>`: market.resolve, api_key.revoke, kill_switch.set … */
  action: string;
  /** What it was done to: a market's slug, a tenant's or key's id, a switch's name. */
  target: string;
  details: Record<string, unknown>;
}

export interface AuditRecord extends AuditEntry {
  seq: bigint;
  at: Date;
  outcome: string;
}

export async function insertAuditEntry(db: Executor, entry: AuditEntry, outcome: string, at: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      who: entry.who,
      action: entry.action,
      target: entry.target,
      details: JSON.stringify(entry.details),
      outcome,
    })
    .execute();
}

/** Newest first, `limit` entries before the sequence position `before` (all when null). */
export async function selectAuditEntries(db: Executor, before: bigint | null, limit: number): Promise<AuditRecord[]> {
  let query = db
    .selectFrom('audit_log')
    .select(['seq', 'at', 'who', 'action', 'target', 'details', 'outcome'])
    .orderBy('seq', 'desc')
    .limit(limit);
  if (before !== null) query = query.where('seq', '<', before);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, details: r.details as Record<string, unknown> }));
}
