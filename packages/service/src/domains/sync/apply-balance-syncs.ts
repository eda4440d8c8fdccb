import { ok, rejected, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { formatAmount } from '../../lib/money.js';
import type { TenantCtx } from '../context.js';
import { lockUsers, post, postEntries, type Entry } from '../ledger/index.js';
import { insertSyncRecords, type SyncRecord } from './sync-repo.js';

export const ENTRY_TYPE_BY_DIRECTION = { credit: 'balance_sync_credit', debit: 'balance_sync_debit' } as const;

/** One balance movement (spec 4.1), with the key it travels under. */
export interface Movement {
  key: string;
  externalUserId: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  resultingBalance: bigint | null;
}

export interface SyncApplied {
  transactionId: string;
  balance: bigint;
}

/**
 * Applies movements of one tenant environment in the caller's transaction, with set-based statements
 * (one per table however many movements), and answers each in order. Movements on one user apply in
 * their order. The users are locked in id order, so overlapping batches never deadlock.
 *
 * An unregistered user is unknown_user and nothing is recorded (spec 4.1 rule 5). A debit below zero is
 * would_overdraw, recorded with the ledger balance at that moment and flagged for reconciliation (rule
 * 4). A credit past the largest storable balance is validation_failed and records nothing.
 */
export async function applyBalanceSyncs(
  ctx: TenantCtx,
  movements: readonly Movement[],
): Promise<Result<SyncApplied>[]> {
  const { tenantEnv, now } = ctx;
  const users = await lockUsers(ctx.db, tenantEnv, [...new Set(movements.map((m) => m.externalUserId))]);
  const balances = new Map([...users.values()].map((u) => [u.id, u.balance]));
  const entries: Entry[] = [];
  const records: SyncRecord[] = [];

  const results = movements.map((movement): Result<SyncApplied> => {
    const user = users.get(movement.externalUserId);
    if (!user) {
      return rejected(
        'unknown_user',
        `No user "${movement.externalUserId}" is registered; register it with PUT /v1/users/{external_user_id}, then retry with the same key.`,
      );
    }
    const signed = movement.direction === 'credit' ? movement.amount : -movement.amount;
    const posting = post(balances.get(user.id)!, signed);
    const record = {
      id: newId(),
      userId: user.id,
      idempotencyKey: movement.key,
      direction: movement.direction,
      amount: movement.amount,
      resultingBalance: movement.resultingBalance,
    };
    if (posting.ok) {
      const transactionId = newId();
      balances.set(user.id, posting.balanceAfter);
      entries.push({
        id: transactionId,
        userId: user.id,
        entryType: ENTRY_TYPE_BY_DIRECTION[movement.direction],
        amount: signed,
        balanceAfter: posting.balanceAfter,
        reversesTransactionId: null,
        positionId: null,
      });
      records.push({ ...record, outcome: 'applied', transactionId, ledgerBalance: posting.balanceAfter });
      return ok({ transactionId, balance: posting.balanceAfter });
    }
    if (posting.code === 'balance_limit') {
      return rejected(
        'validation_failed',
        `The credit of ${formatAmount(movement.amount)} would take the balance past the largest balance the ledger holds; nothing was applied.`,
      );
    }
    records.push({ ...record, outcome: 'would_overdraw', transactionId: null, ledgerBalance: posting.balance });
    return rejected(
      'would_overdraw',
      `The debit of ${formatAmount(movement.amount)} would take the balance of ${formatAmount(posting.balance)} below zero; nothing was applied.`,
    );
  });

  await postEntries(ctx.db, tenantEnv, entries, now);
  await insertSyncRecords(ctx.db, tenantEnv, records, now);
  return results;
}
