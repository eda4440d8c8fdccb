import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';

export interface SyncRecord {
  id: string;
  userId: string;
  idempotencyKey: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  resultingBalance: bigint | null;
  outcome: 'applied' | 'would_overdraw';
  transactionId: string | null;
  ledgerBalance: bigint;
}

/** Records movements that reached the ledger, applied or refused; a refusal is flagged for reconciliation. */
export async function insertSyncRecords(
  tx: Executor,
  scope: TenantEnv,
  records: readonly SyncRecord[],
  now: Date,
): Promise<void> {
  if (records.length === 0) return;
  await sql`
    insert into balance_syncs
      (id, tenant_id, environment, user_id, idempotency_key, direction, amount_minor, resulting_balance_minor,
       outcome, transaction_id, ledger_balance_minor, flagged_for_reconciliation, created_at)
    select r.id, ${scope.tenantId}, ${scope.environment}, r.user_id, r.key, r.direction, r.amount, r.resulting,
           r.outcome, r.transaction_id, r.ledger_balance, r.outcome = 'would_overdraw', ${now}
    from unnest(${records.map((r) => r.id)}::uuid[], ${records.map((r) => r.userId)}::uuid[],
                ${records.map((r) => r.idempotencyKey)}::text[], ${records.map((r) => r.direction)}::text[],
                ${records.map((r) => r.amount)}::bigint[], ${records.map((r) => r.resultingBalance)}::bigint[],
                ${records.map((r) => r.outcome)}::text[], ${records.map((r) => r.transactionId)}::uuid[],
                ${records.map((r) => r.ledgerBalance)}::bigint[])
      as r(id, user_id, key, direction, amount, resulting, outcome, transaction_id, ledger_balance)`.execute(tx);
}
