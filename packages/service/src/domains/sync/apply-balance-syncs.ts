import type { Clock } from '../../lib/clock.js';
import { formatAmount } from '../../lib/money.js';
import { newId } from '../../lib/ids.js';
import { ApiError, type RequestContext } from '../../errors/index.js';
import type { Db, Tx } from '../../db/connection.js';
import type { TenantEnv } from '../tenant-env.js';
import {
  completeKeys,
  releaseKeys,
  reserveKeys,
  type Completion,
  type KeyScope,
} from '../idempotency/idempotency-repo.js';
import { answerOfClaim, answerOfError, type StoredAnswer } from '../idempotency/answers.js';
import { lockUsers, postEntries, type Entry } from '../ledger/ledger-repo.js';
import { post } from '../ledger/model/balance.js';
import { insertSyncRecords, type SyncRecord } from './sync-repo.js';

export const BALANCE_SYNC_OPERATION = 'balance_sync';
export const ENTRY_TYPE_BY_DIRECTION = { credit: 'balance_sync_credit', debit: 'balance_sync_debit' } as const;

export interface SyncDeps {
  db: Db;
  clock: Clock;
  idempotencyLockSeconds: number;
}

/** A validated movement with the key it travels under and the fingerprint of its fields. */
export interface SyncItem {
  key: string;
  requestHash: Buffer;
  externalUserId: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  resultingBalance: bigint | null;
}

/**
 * Applies movements of one tenant environment, each under its own idempotency key, in one transaction
 * (spec 4.1 "Rules for balance sync"). Movements on one user apply in item order. Returns one answer per
 * item; a key repeated inside the call answers like a retry of its first use (422 if its body differs).
 *
 * Keys are reserved and committed first so that a concurrent request with the same key sees it in
 * progress; the work and the stored answers then commit together, so a crash leaves either nothing or
 * everything, and a replay never applies twice.
 */
export async function applyBalanceSyncs(
  deps: SyncDeps,
  scope: TenantEnv,
  context: RequestContext,
  items: SyncItem[],
  options: {
    /** Runs in the transaction that commits the answers (the batch stores its own answer there). */
    alsoInTransaction?: (tx: Tx, answers: StoredAnswer[]) => Promise<void>;
    /** The time of the whole request, so a batch and its items reserve keys until the same moment. */
    now?: Date;
  } = {},
): Promise<StoredAnswer[]> {
  const { alsoInTransaction } = options;
  const now = options.now ?? deps.clock.now();
  const keyScope: KeyScope = { ...scope, operation: BALANCE_SYNC_OPERATION };
  const holder = newId();
  const firstUse = new Map<string, SyncItem>();
  for (const item of items) if (!firstUse.has(item.key)) firstUse.set(item.key, item);
  const unique = [...firstUse.values()];

  const claims = await reserveKeys(deps.db, keyScope, unique, holder, now, deps.idempotencyLockSeconds);
  const reserved = unique.filter((item) => claims.get(item.key) === 'reserved');
  const answerAll = (applied: Map<string, StoredAnswer>): StoredAnswer[] =>
    items.map((item) => {
      if (!firstUse.get(item.key)!.requestHash.equals(item.requestHash))
        return answerOfClaim({ kind: 'reused' }, context, now);
      const claim = claims.get(item.key)!;
      return claim === 'reserved' ? applied.get(item.key)! : answerOfClaim(claim, context, now);
    });
  if (reserved.length === 0 && !alsoInTransaction) return answerAll(new Map());
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const applied =
        reserved.length > 0 ? await applyReserved(tx, scope, keyScope, holder, context, reserved, now) : new Map();
      const answers = answerAll(applied);
      await alsoInTransaction?.(tx, answers);
      return answers;
    });
  } catch (error) {
    await releaseKeys(
      deps.db,
      keyScope,
      holder,
      reserved.map((r) => r.key),
    ).catch(() => {});
    throw error;
  }
}

async function applyReserved(
  tx: Tx,
  scope: TenantEnv,
  keyScope: KeyScope,
  holder: string,
  context: RequestContext,
  items: SyncItem[],
  now: Date,
): Promise<Map<string, StoredAnswer>> {
  const users = await lockUsers(tx, scope, [...new Set(items.map((i) => i.externalUserId))]);
  const balances = new Map([...users.values()].map((u) => [u.id, u.balance]));
  const entries: Entry[] = [];
  const records: SyncRecord[] = [];
  const completions: Completion[] = [];
  const released: string[] = [];
  const answers = new Map<string, StoredAnswer>();

  for (const item of items) {
    const user = users.get(item.externalUserId);
    if (!user) {
      // Not recorded and the key not spent (spec 4.1 rule 5): the operator registers the user and retries.
      answers.set(
        item.key,
        answerOfError(
          new ApiError(
            'unknown_user',
            `No user "${item.externalUserId}" is registered; register it with PUT /v1/users/{external_user_id}, then retry with the same key.`,
          ),
          context,
          now,
        ),
      );
      released.push(item.key);
      continue;
    }
    const signed = item.direction === 'credit' ? item.amount : -item.amount;
    const posting = post(balances.get(user.id)!, signed);
    const record = {
      id: newId(),
      userId: user.id,
      idempotencyKey: item.key,
      direction: item.direction,
      amount: item.amount,
      resultingBalance: item.resultingBalance,
    };
    let answer: StoredAnswer;
    if (posting.ok) {
      const transactionId = newId();
      balances.set(user.id, posting.balanceAfter);
      entries.push({
        id: transactionId,
        userId: user.id,
        entryType: ENTRY_TYPE_BY_DIRECTION[item.direction],
        amount: signed,
        balanceAfter: posting.balanceAfter,
        reversesTransactionId: null,
        positionId: null,
      });
      records.push({ ...record, outcome: 'applied', transactionId, ledgerBalance: posting.balanceAfter });
      answer = {
        status: 200,
        body: JSON.stringify({ transaction_id: transactionId, balance: formatAmount(posting.balanceAfter) }),
      };
    } else {
      // Recorded, flagged for reconciliation, and its answer replayed for its key (spec 4.1 rule 4).
      records.push({ ...record, outcome: 'would_overdraw', transactionId: null, ledgerBalance: posting.balance });
      answer = answerOfError(
        new ApiError(
          'would_overdraw',
          `The debit of ${formatAmount(item.amount)} would take the balance of ${formatAmount(posting.balance)} below zero; nothing was applied.`,
        ),
        context,
        now,
      );
    }
    answers.set(item.key, answer);
    completions.push({ key: item.key, status: answer.status, body: answer.body });
  }

  await postEntries(tx, scope, entries, now);
  await insertSyncRecords(tx, scope, records, now);
  await completeKeys(tx, keyScope, holder, completions);
  await releaseKeys(tx, keyScope, holder, released);
  return answers;
}
