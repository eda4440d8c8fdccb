import { z } from 'zod';
import { AMOUNT_DESCRIPTION, parseAmount } from '../../lib/money.js';
import { amountText, positiveAmountText } from '../../lib/amount-text.js';
import { IdempotencyKey } from '../idempotency/index.js';
import { ExternalUserId } from '../users/index.js';

export const MAX_BATCH_ITEMS = 500;

const amount = amountText();
const positiveAmount = positiveAmountText();

export const BalanceSyncBody = z
  .object({
    external_user_id: ExternalUserId.describe("The operator's id of a registered user."),
    direction: z.enum(['credit', 'debit']).describe('credit adds to the balance, debit takes from it.'),
    amount: positiveAmount.describe(`Always positive; direction carries the sign. ${AMOUNT_DESCRIPTION}`),
    resulting_balance: amount
      .optional()
      .describe("The user's balance on the operator's side after this movement; the basis of reconciliation."),
  })
  // A field the route does not take is refused, not dropped: a misspelt resulting_balance would leave
  // reconciliation without the figure it checks (docs/operator-api.md, "Errors").
  .strict()
  .describe('One balance movement.');
export type BalanceSyncBody = z.infer<typeof BalanceSyncBody>;

export const BalanceSyncResult = z.object({
  transaction_id: z.uuid().describe('The ledger transaction the movement posted.'),
  balance: z.string().describe('The virtual balance after the movement, two decimals.'),
});

export const BatchItem = BalanceSyncBody.extend({
  idempotency_key: IdempotencyKey.describe(
    'The key of this movement; every rule of a single balance sync applies under it.',
  ),
});

/** The wrapper is checked strictly; items are checked one by one, so one bad item does not sink the rest. */
export const BalanceSyncBatchBody = z
  .object({
    items: z
      .array(z.unknown())
      .min(1)
      .max(MAX_BATCH_ITEMS)
      .describe(`1 to ${MAX_BATCH_ITEMS} movements, each shaped like BatchItem below.`),
  })
  .strict();

export const BalanceSyncBatchResult = z.object({
  results: z
    .array(
      z.object({
        status: z.number().int().describe('The HTTP status the single request would have had.'),
        body: z.unknown().describe('Its body: a BalanceSyncResult or an error envelope.'),
      }),
    )
    .describe('One result per item, in item order.'),
});

/** One balance movement (docs/operator-api.md, "Balance sync"). */
export interface Movement {
  externalUserId: string;
  direction: 'credit' | 'debit';
  amount: bigint;
  resultingBalance: bigint | null;
}

/**
 * A movement as sent, for the verb, with the fields its key is bound to. The fields are the text as sent
 * (not the parsed amounts), so "10" and "10.00" under one key are different bodies, and a single sync
 * and a batch item with the same fields are one request.
 */
export function movementOf(body: BalanceSyncBody): { fields: Record<string, unknown>; movement: Movement } {
  return {
    fields: {
      external_user_id: body.external_user_id,
      direction: body.direction,
      amount: body.amount,
      resulting_balance: body.resulting_balance,
    },
    movement: {
      externalUserId: body.external_user_id,
      direction: body.direction,
      amount: parseAmount(body.amount)!,
      resultingBalance: body.resulting_balance === undefined ? null : parseAmount(body.resulting_balance)!,
    },
  };
}

/**
 * An applied movement as its answer shows it. `balance` is text: the formatted balance (formatAmount), or
 * the placeholder that the database replaces with it when it stores the answer.
 */
export interface SyncApplied {
  transactionId: string;
  balance: string;
}

export function presentSyncApplied(applied: SyncApplied): z.infer<typeof BalanceSyncResult> {
  return { transaction_id: applied.transactionId, balance: applied.balance };
}

/** One movement with its own key: the fields its key is bound to, the movement. */
export interface KeyedMovement {
  key: string;
  fields: Record<string, unknown>;
  movement: Movement;
}
