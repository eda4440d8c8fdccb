import { rejected, type Rejection } from '../../../errors/rejection.js';
import { formatAmount } from '../../../lib/money.js';
import { post } from '../../ledger/model/balance.js';

/**
 * The largest balance a credit sync makes, in cents: 99,999,999,999,999.99. The ledger stores balances up to
 * 92,233,720,368,547,758.07; the room above this ceiling is kept for what the service itself credits (payouts,
 * refunds, proceeds), so that no balance synced in, in either environment, can make a settlement of a market
 * refuse (docs/operator-api.md, "Balance sync").
 */
export const MAX_SYNCED_BALANCE_MINOR = 10n ** 16n - 1n;

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
 * user, or a credit past the largest balance a sync makes (a debit always applies when the balance holds it). A blocked user's movements apply: the operator's wallet
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
  if (posting.ok && (amount < 0n || posting.balanceAfter <= MAX_SYNCED_BALANCE_MINOR)) {
    return { outcome: 'applied', amount, balanceAfter: posting.balanceAfter };
  }
  if (posting.ok || posting.code === 'balance_limit') {
    return { outcome: 'refused', rejection: balanceLimit(movement.amount) };
  }
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
    `The credit of ${formatAmount(amount)} would take the balance past ${formatAmount(MAX_SYNCED_BALANCE_MINOR)}, the largest a balance sync makes; nothing was applied.`,
  ).rejection;
}

function wouldOverdraw(amount: bigint, balance: bigint): Rejection {
  return rejected(
    'would_overdraw',
    `The debit of ${formatAmount(amount)} would take the balance of ${formatAmount(balance)} below zero; nothing was applied.`,
  ).rejection;
}
