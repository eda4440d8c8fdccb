import { rejected, type Rejection } from '../../../errors/rejection.js';
import { formatAmount } from '../../../lib/money.js';
import { post } from '../../ledger/model/balance.js';

export const ENTRY_TYPE_BY_DIRECTION = { credit: 'balance_sync_credit', debit: 'balance_sync_debit' } as const;

export interface MovementTerms {
  externalUserId: string;
  direction: 'credit' | 'debit';
  amount: bigint;
}

/**
 * What a balance movement does (docs/operator-api.md, "Balance sync"): applied, with the signed amount and the balance
 * after; refused as would_overdraw, which is recorded with the ledger balance of that moment, flagged for
 * reconciliation, and stored for its key; or refused without a record and without spending its key: an unregistered
 * user, or a credit past the largest balance the ledger holds. A blocked user's movements apply: the operator's wallet
 * moved.
 */
export type SyncDecision =
  | { outcome: 'applied'; amount: bigint; balanceAfter: bigint }
  | { outcome: 'overdrawn'; rejection: Rejection; balance: bigint }
  | { outcome: 'refused'; rejection: Rejection };

export function syncRules(user: { balance: bigint } | null, movement: MovementTerms): SyncDecision {
  if (!user) return { outcome: 'refused', rejection: unknownUser(movement.externalUserId) };
  const amount = movement.direction === 'credit' ? movement.amount : -movement.amount;
  const posting = post(user.balance, amount);
  if (posting.ok) return { outcome: 'applied', amount, balanceAfter: posting.balanceAfter };
  if (posting.code === 'balance_limit') return { outcome: 'refused', rejection: balanceLimit(movement.amount) };
  return { outcome: 'overdrawn', rejection: wouldOverdraw(movement.amount, posting.balance), balance: posting.balance };
}

function unknownUser(externalUserId: string): Rejection {
  return rejected(
    'unknown_user',
    `No user "${externalUserId}" is registered; register it with PUT /v1/users/{external_user_id}, then retry with the same key.`,
  ).rejection;
}

function balanceLimit(amount: bigint): Rejection {
  return rejected(
    'validation_failed',
    `The credit of ${formatAmount(amount)} would take the balance past the largest balance the ledger holds; nothing was applied.`,
  ).rejection;
}

function wouldOverdraw(amount: bigint, balance: bigint): Rejection {
  return rejected(
    'would_overdraw',
    `The debit of ${formatAmount(amount)} would take the balance of ${formatAmount(balance)} below zero; nothing was applied.`,
  ).rejection;
}
