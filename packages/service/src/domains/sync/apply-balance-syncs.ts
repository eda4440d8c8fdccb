import type { Rejection } from '../../errors/index.js';
import { assertNever } from '../../lib/assert-never.js';
import type { TenantCtx } from '../context.js';
import { claimOf, type Claim, type KeyScope } from '../idempotency/index.js';
import { balanceLimit, unknownUser } from './rejections.js';
import { callApplyBalanceSyncs, type AnswerTemplate, type SyncItemResult } from './sync-repo.js';

export const ENTRY_TYPE_BY_DIRECTION = { credit: 'balance_sync_credit', debit: 'balance_sync_debit' } as const;

/** One balance movement (spec 4.1), with the key it travels under. */
export interface Movement {
  key: string;
  externalUserId: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  resultingBalance: bigint | null;
}

/**
 * A movement ready for the database: the fingerprint its key is bound to, the ids of the rows it may
 * write, and the answer stored for its key when it is applied or refused as would_overdraw, each with
 * the placeholder where the balance goes (the caller presents them; this domain knows no bytes).
 */
export interface KeyedMovement {
  movement: Movement;
  requestHash: Buffer;
  transactionId: string;
  recordId: string;
  applied: AnswerTemplate;
  overdrawn: AnswerTemplate;
}

/** A movement's outcome: an answer stored with its key now, a claim on a key met before, or a refusal that spends nothing. */
export type SyncOutcome =
  | { kind: 'answered'; status: number; body: string }
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'rejected'; rejection: Rejection };

/**
 * Applies movements of one tenant environment under their keys (distinct keys, in `scope`), in one
 * statement and on the pool one commit: claim, ledger rule, writes and stored answers happen in the
 * database function apply_balance_syncs (migration 0013). Movements on one user apply in their order.
 *
 * An unregistered user is unknown_user and nothing is recorded (spec 4.1 rule 5). A debit below zero is
 * would_overdraw, recorded with the ledger balance at that moment and flagged for reconciliation (rule
 * 4). A credit past the largest storable balance is validation_failed and records nothing. Neither
 * refusal of the two spends its key.
 */
export async function applyBalanceSyncs(
  ctx: TenantCtx,
  scope: KeyScope,
  movements: readonly KeyedMovement[],
  placeholder: string,
): Promise<SyncOutcome[]> {
  if (movements.length === 0) return [];
  const items = movements.map(({ movement, ...keyed }) => ({
    ...keyed,
    key: movement.key,
    externalUserId: movement.externalUserId,
    direction: movement.direction,
    entryType: ENTRY_TYPE_BY_DIRECTION[movement.direction],
    amount: movement.amount,
    resultingBalance: movement.resultingBalance,
  }));
  const results = await callApplyBalanceSyncs(ctx.db, scope, ctx.now, placeholder, items);
  return results.map((result, i) => outcomeOf(result, movements[i]!, ctx.now));
}

function outcomeOf(result: SyncItemResult, keyed: KeyedMovement, now: Date): SyncOutcome {
  switch (result.outcome) {
    case 'answered':
      return { kind: 'answered', status: result.status!, body: result.body! };
    case 'busy':
      // Another transaction holds the key right now: a duplicate really in flight.
      return { kind: 'claimed', claim: { kind: 'in_progress', retryAfterSeconds: 1 } };
    case 'stored': {
      const stored = { ...result.stored!, responseStatus: result.status, responseBody: result.body };
      return { kind: 'claimed', claim: claimOf(stored, keyed.requestHash, now) };
    }
    case 'unknown_user':
      return { kind: 'rejected', rejection: unknownUser(keyed.movement.externalUserId) };
    case 'balance_limit':
      return { kind: 'rejected', rejection: balanceLimit(keyed.movement.amount) };
    default:
      return assertNever(result.outcome);
  }
}
