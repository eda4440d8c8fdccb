import type { Executor } from '../../db/connection.js';
import { containing } from '../../db/like.js';
import type { Environment } from '../../db/schema.js';
import { AUDIT_ACTION_NAMES } from './model/actions.js';
import type { AuditFilter } from './model/audit-filter.js';

/** An entry as it is written: who, what, on what, about which tenant environment, and the details. */
export interface StoredAuditEntry {
  who: string;
  action: string;
  target: string;
  tenantId: string | null;
  environment: Environment | null;
  details: Record<string, unknown>;
}

export interface AuditRecord extends StoredAuditEntry {
  seq: bigint;
  at: Date;
  outcome: string;
}

export async function insertAuditEntry(
  db: Executor,
  entry: StoredAuditEntry,
  outcome: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      who: entry.who,
      action: entry.action,
      target: entry.target,
      tenant_id: entry.tenantId,
      environment: entry.environment,
      details: JSON.stringify(entry.details),
      outcome,
    })
    .execute();
}

/**
 * Newest first, at most `limit` entries the filter takes, before the sequence position `before` (from the
 * newest when null): a keyset page. A tenant or an action is read on its index (migration 0037).
 */
export async function selectAuditEntries(
  db: Executor,
  filter: AuditFilter,
  before: bigint | null,
  limit: number,
): Promise<AuditRecord[]> {
  let query = db
    .selectFrom('audit_log')
    .select(['seq', 'at', 'who', 'action', 'target', 'tenant_id', 'environment', 'details', 'outcome'])
    .orderBy('seq', 'desc')
    .limit(limit);
  if (before !== null) query = query.where('seq', '<', before);
  if (filter.tenantId !== null) query = query.where('tenant_id', '=', filter.tenantId);
  if (filter.actor !== null) query = query.where('who', 'ilike', containing(filter.actor));
  if (filter.action && 'exact' in filter.action) query = query.where('action', '=', filter.action.exact);
  if (filter.action && 'noun' in filter.action) {
    const noun = `${filter.action.noun}.`;
    query = query.where(
      'action',
      'in',
      AUDIT_ACTION_NAMES.filter((name) => name.startsWith(noun)),
    );
  }
  if (filter.from !== null) query = query.where('at', '>=', filter.from);
  if (filter.until !== null) query = query.where('at', '<', filter.until);
  const rows = await query.execute();
  return rows.map((r) => ({
    seq: r.seq,
    at: r.at,
    who: r.who,
    action: r.action,
    target: r.target,
    tenantId: r.tenant_id,
    environment: r.environment,
    details: r.details as Record<string, unknown>,
    outcome: r.outcome,
  }));
}
