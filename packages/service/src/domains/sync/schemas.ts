import { z } from 'zod';
import { AMOUNT_DESCRIPTION, AMOUNT_PATTERN, parseAmount } from '../../lib/money.js';
import { IdempotencyKey } from '../idempotency/schemas.js';
import { EXTERNAL_USER_ID_PATTERN } from '../users/model/external-user-id.js';

export const MAX_BATCH_ITEMS = 500;

const amount = z.string().regex(AMOUNT_PATTERN).describe(AMOUNT_DESCRIPTION);
const positiveAmount = amount.refine((text) => parseAmount(text)! > 0n, { message: 'amount must be above zero' });

export const BalanceSyncBody = z
  .object({
    external_user_id: z.string().regex(EXTERNAL_USER_ID_PATTERN).describe("The operator's id of a registered user."),
    direction: z.enum(['credit', 'debit']).describe('credit adds to the balance, debit takes from it.'),
    amount: positiveAmount.describe(`Always positive; direction carries the sign. ${AMOUNT_DESCRIPTION}`),
    resulting_balance: amount
      .optional()
      .describe("The user's balance on the operator's side after this movement; the basis of reconciliation."),
  })
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
export const BalanceSyncBatchBody = z.object({
  items: z
    .array(z.unknown())
    .min(1)
    .max(MAX_BATCH_ITEMS)
    .describe(`1 to ${MAX_BATCH_ITEMS} movements, each shaped like BatchItem below.`),
});

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
