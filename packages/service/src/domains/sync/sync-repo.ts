import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { KeyScope } from '../idempotency/index.js';

/** A status and body stored for a key, with the placeholder where the database puts a balance. */
export interface AnswerTemplate {
  status: number;
  body: string;
}

/** One movement as the database function apply_balance_syncs takes it (type balance_sync_item). */
export interface SyncItem {
  key: string;
  requestHash: Buffer;
  externalUserId: string;
  direction: 'credit' | 'debit';
  entryType: string;
  amount: bigint;
  resultingBalance: bigint | null;
  transactionId: string;
  recordId: string;
  applied: AnswerTemplate;
  overdrawn: AnswerTemplate;
}

/** What apply_balance_syncs answers for one item (see migration 0013 for each outcome). */
export interface SyncItemResult {
  outcome: 'busy' | 'stored' | 'answered' | 'unknown_user' | 'balance_limit';
  status: number | null;
  body: string | null;
  stored: {
    requestHash: Buffer;
    state: 'in_progress' | 'done';
    lockedUntil: Date;
    createdAt: Date;
  } | null;
}

/**
 * Claims the items' keys, applies the movements in item order, records them and stores their answers:
 * one statement, so one round trip, and on the pool one commit. Results come in item order.
 */
export async function callApplyBalanceSyncs(
  db: Executor,
  scope: KeyScope,
  now: Date,
  placeholder: string,
  items: readonly SyncItem[],
): Promise<SyncItemResult[]> {
  const json = JSON.stringify(
    items.map((i) => ({
      key: i.key,
      request_hash: `\\x${i.requestHash.toString('hex')}`,
      external_user_id: i.externalUserId,
      direction: i.direction,
      entry_type: i.entryType,
      // As text: JSON numbers would pass through a float.
      amount: i.amount.toString(),
      resulting_balance: i.resultingBalance === null ? null : i.resultingBalance.toString(),
      transaction_id: i.transactionId,
      record_id: i.recordId,
      applied_status: i.applied.status,
      applied_body: i.applied.body,
      overdrawn_status: i.overdrawn.status,
      overdrawn_body: i.overdrawn.body,
    })),
  );
  const { rows } = await sql<{
    item_n: number;
    outcome: SyncItemResult['outcome'];
    answer_status: number | null;
    answer_body: string | null;
    stored_hash: Buffer | null;
    stored_state: 'in_progress' | 'done' | null;
    stored_locked_until: Date | null;
    stored_created_at: Date | null;
  }>`
    select item_n, outcome, answer_status, answer_body, stored_hash, stored_state, stored_locked_until,
           stored_created_at
    from apply_balance_syncs(${scope.tenantId}, ${scope.environment}, ${scope.principal}, ${scope.operation},
                             ${now}, ${placeholder}, ${json}::jsonb)`.execute(db);
  if (rows.length !== items.length || rows.some((row, i) => row.item_n !== i + 1)) {
    throw new Error('apply_balance_syncs: one row per item, in item order, expected');
  }
  return rows.map((row) => ({
    outcome: row.outcome,
    status: row.answer_status,
    body: row.answer_body,
    stored:
      row.outcome === 'stored'
        ? {
            requestHash: row.stored_hash!,
            state: row.stored_state!,
            lockedUntil: row.stored_locked_until!,
            createdAt: row.stored_created_at!,
          }
        : null,
  }));
}
