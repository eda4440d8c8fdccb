import { z } from 'zod';
import { formatAmount } from '../../lib/money.js';
import { PageQuery, pageOf } from '../../lib/page.js';
import { ExternalUserId } from '../users/index.js';
import type { TransactionRow } from './ledger-repo.js';

export const ENTRY_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

export const TransactionsQuery = z.object({
  external_user_id: ExternalUserId.optional().describe("Only this user's transactions."),
  entry_type: z
    .string()
    .regex(ENTRY_TYPE_PATTERN, {
      error: 'must be 1 to 64 characters from a-z, 0-9 and _, starting with a letter, such as "settlement_credit"',
    })
    .optional()
    .describe(
      'One entry_type value: 1 to 64 characters from a-z, 0-9 and _, starting with a letter. The set is open: an ' +
        'unknown value simply matches nothing.',
    ),
  ...PageQuery,
});

export const Transaction = z.object({
  id: z.uuid(),
  external_user_id: z.string(),
  entry_type: z
    .string()
    .describe(
      'Open set: position_open_debit, position_close_credit, settlement_credit, market_void_refund, ' +
        'correction_shortfall_credit, balance_sync_credit, balance_sync_debit, and values added later.',
    ),
  amount: z.string().describe('Signed: credits positive, debits negative.'),
  balance_after: z.string(),
  reverses_transaction_id: z.uuid().nullable(),
  position_id: z.uuid().nullable(),
  created_at: z.string(),
});

export const TransactionPage = pageOf(Transaction);

export function presentTransaction(t: TransactionRow): z.infer<typeof Transaction> {
  return {
    id: t.id,
    external_user_id: t.externalUserId,
    entry_type: t.entryType,
    amount: formatAmount(t.amount),
    balance_after: formatAmount(t.balanceAfter),
    reverses_transaction_id: t.reversesTransactionId,
    position_id: t.positionId,
    created_at: t.createdAt.toISOString(),
  };
}
