import { sql, type RawBuilder } from 'kysely';
import type { TenantEnv } from '../context.js';

/**
 * The balance syncs' slice of an engine round: the movements it applied or refused as would_overdraw, written
 * as its part of the round's one statement (the only write of balance_syncs).
 */
export class RoundSyncs {
  private readonly records: SyncRecord[] = [];

  /** The movements recorded so far, in order. */
  get recorded(): readonly SyncRecord[] {
    return this.records;
  }

  record(record: SyncRecord): void {
    this.records.push(record);
  }

  writes(now: Date): RawBuilder<unknown>[] {
    return this.records.length > 0 ? [insertSyncRecordsSql(this.records, now)] : [];
  }
}

/** A balance movement as balance_syncs records it: applied, or refused as would_overdraw (kept for reconciliation). */
export interface SyncRecord {
  scope: TenantEnv;
  id: string;
  userId: string;
  key: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  resultingBalance: bigint | null;
  outcome: 'applied' | 'would_overdraw';
  transactionId: string | null;
  /** The ledger balance after the movement, or the balance the debit was refused against. */
  ledgerBalance: bigint;
}

/**
 * The insert of movement records, as a part of an engine round's one statement. Rows keep their order:
 * seq follows the order the movements were applied in (reconciliation takes a user's last sync by seq).
 * A refused debit is flagged for reconciliation.
 */
function insertSyncRecordsSql(records: readonly SyncRecord[], now: Date): RawBuilder<unknown> {
  const column = <T>(pick: (r: SyncRecord) => T) => records.map(pick);
  return sql`
    insert into balance_syncs
      (id, tenant_id, environment, user_id, idempotency_key, direction, amount_minor, resulting_balance_minor,
       outcome, transaction_id, ledger_balance_minor, flagged_for_reconciliation, created_at)
    select r.id, r.tenant_id, r.environment, r.user_id, r.key, r.direction, r.amount, r.resulting, r.outcome,
           r.transaction_id, r.ledger, r.outcome = 'would_overdraw', ${now}
    from unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.scope.tenantId)}::uuid[],
                ${column((r) => r.scope.environment)}::text[], ${column((r) => r.userId)}::uuid[],
                ${column((r) => r.key)}::text[], ${column((r) => r.direction)}::text[],
                ${column((r) => r.amount)}::bigint[], ${column((r) => r.resultingBalance)}::bigint[],
                ${column((r) => r.outcome)}::text[], ${column((r) => r.transactionId)}::uuid[],
                ${column((r) => r.ledgerBalance)}::bigint[])
      with ordinality as r(id, tenant_id, environment, user_id, key, direction, amount, resulting, outcome,
                           transaction_id, ledger, n)
    order by r.n`;
}
