import type { Executor } from '../../db/connection.js';
import type { ReportType } from '../../db/schema.js';
import { assertNever } from '../../lib/assert-never.js';
import type { TenantEnv } from '../context.js';
import { presentTransaction, streamTransactionRows, Transaction } from '../ledger/index.js';
import { Position, presentPosition, streamPositionRows } from '../positions/index.js';
import { presentUser, streamUserRows, User } from '../users/index.js';
import type { ReportRow } from './artifact.js';

/**
 * The field names of each report's rows, in order: those of the items the API's reads answer
 * (docs/operator-api.md, "Reports"), taken from their schemas so the two cannot drift apart.
 */
export const REPORT_COLUMNS: Record<ReportType, readonly string[]> = {
  transactions: Object.keys(Transaction.shape),
  positions: Object.keys(Position.shape),
  balances: Object.keys(User.shape),
};

/**
 * A report's rows, read from `db` (one snapshot) and presented exactly as the list endpoints present
 * them: transactions created and positions opened in [from, to), oldest first; every user's balance.
 */
export function reportRows(
  db: Executor,
  scope: TenantEnv,
  type: ReportType,
  range: { from: Date | null; to: Date | null },
): AsyncIterable<ReportRow> {
  switch (type) {
    case 'transactions':
      return mapRows(streamTransactionRows(db, scope, range), presentTransaction);
    case 'positions':
      return mapRows(streamPositionRows(db, scope, range), presentPosition);
    case 'balances':
      return mapRows(streamUserRows(db, scope), presentUser);
    default:
      return assertNever(type);
  }
}

async function* mapRows<T>(rows: AsyncIterable<T>, present: (row: T) => object): AsyncGenerator<ReportRow> {
  for await (const row of rows) yield present(row) as ReportRow;
}
