import { ok, type Result } from '../../errors/index.js';
import { pageFrom, readCursor, type Page } from '../../lib/page.js';
import type { TenantCtx } from '../context.js';
import { listTransactionRows, type TransactionRow } from './ledger-repo.js';

export interface TransactionFilter {
  externalUserId?: string;
  entryType?: string;
  limit: number;
  cursor?: string;
}

/** GET /v1/transactions: the tenant environment's ledger, oldest first, filtered by user and entry_type. */
export async function listTransactions(
  ctx: TenantCtx,
  filter: TransactionFilter,
): Promise<Result<Page<TransactionRow>>> {
  const after = readCursor(filter.cursor);
  if (!after.ok) return after;
  const rows = await listTransactionRows(ctx.db, ctx.tenantEnv, { ...filter, afterSeq: after.value });
  return ok(pageFrom(rows, filter.limit, (row) => row.seq));
}
