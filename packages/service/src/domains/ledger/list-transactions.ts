import type { Db } from '../../db/connection.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { formatAmount } from '../../lib/money.js';
import type { TenantEnv } from '../tenant-env.js';

export interface TransactionFilter {
  externalUserId?: string;
  entryType?: string;
  limit: number;
  cursor?: string;
}

/** A tenant environment's ledger, oldest first, filtered by user and entry_type. */
export async function listTransactions(deps: { db: Db }, scope: TenantEnv, filter: TransactionFilter) {
  const after = decodeCursor(filter.cursor);
  let query = deps.db
    .selectFrom('transactions as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.seq',
      't.id',
      'u.external_user_id',
      't.entry_type',
      't.amount_minor',
      't.balance_after_minor',
      't.reverses_transaction_id',
      't.position_id',
      't.created_at',
    ])
    .where('t.tenant_id', '=', scope.tenantId)
    .where('t.environment', '=', scope.environment);
  if (filter.externalUserId !== undefined) query = query.where('u.external_user_id', '=', filter.externalUserId);
  if (filter.entryType !== undefined) query = query.where('t.entry_type', '=', filter.entryType);
  if (after !== null) query = query.where('t.seq', '>', after);
  const rows = await query
    .orderBy('t.seq')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  return {
    data: page.map((r) => ({
      id: r.id,
      external_user_id: r.external_user_id,
      entry_type: r.entry_type,
      amount: formatAmount(r.amount_minor),
      balance_after: formatAmount(r.balance_after_minor),
      reverses_transaction_id: r.reverses_transaction_id,
      position_id: r.position_id,
      created_at: r.created_at.toISOString(),
    })),
    next_cursor: rows.length > filter.limit ? encodeCursor(page[page.length - 1]!.seq) : null,
  };
}
