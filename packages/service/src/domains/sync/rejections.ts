import { rejected, type Rejection } from '../../errors/index.js';
import { formatAmount } from '../../lib/money.js';

/** Why a movement was refused (spec 4.1), as the verb's rejections and the stored would_overdraw answer say it. */

/** Rule 5: not recorded, the key not spent. */
export function unknownUser(externalUserId: string): Rejection {
  return rejected(
    'unknown_user',
    `No user "${externalUserId}" is registered; register it with PUT /v1/users/{external_user_id}, then retry with the same key.`,
  ).rejection;
}

/** A credit past the largest balance the ledger stores: not recorded, the key not spent. */
export function balanceLimit(amount: bigint): Rejection {
  return rejected(
    'validation_failed',
    `The credit of ${formatAmount(amount)} would take the balance past the largest balance the ledger holds; nothing was applied.`,
  ).rejection;
}

/**
 * Rule 4: recorded, flagged, and stored for its key. `balance` is the balance as text: formatted, or the
 * placeholder the database replaces with the balance it refused the debit against.
 */
export function wouldOverdraw(amount: bigint, balance: string): Rejection {
  return rejected(
    'would_overdraw',
    `The debit of ${formatAmount(amount)} would take the balance of ${balance} below zero; nothing was applied.`,
  ).rejection;
}
