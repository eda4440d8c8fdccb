import type { Executor } from '../../db/connection.js';
import type { ReportType } from '../../db/schema.js';
import { assertNever } from '../../lib/assert-never.js';
import type { TenantEnv } from '../context.js';
import { presentTransaction, streamTransactionRows, Transaction } from '../ledger/index.js';
import { Position, presentPosition, streamPositionRows } from '../positions/index.js';
import { presentUser, streamUserRows, User } from '../users/index.js';
import { limitsOfEnvironment, LimitsColumns, presentLimitsColumns } from '../player-limits/index.js';
import type { ReportRow } from './artifact.js';

/**
 * The field names of each report's rows, in order: those of the items the API's reads answer
 * (docs/operator-api.md, "Reports"), taken from their schemas so the two cannot drift apart.
 */
export const REPORT_COLUMNS: Record<ReportType, readonly string[]> = {
  transactions: Object.keys(Transaction.shape),
  positions: Object.keys(Position.shape),
  balances: [...Object.keys(User.shape), ...Object.keys(LimitsColumns.shape)],
};

/**
 * A report's rows, read from `db` (one snapshot) and presented exactly as the list endpoints present
 * them: transactions created and positions opened in [from, to), oldest first; every user's balance,
 * with the limits the player set as they are in force at `now`.
 */
export function reportRows(
  db: Executor,
  scope: TenantEnv,
  type: ReportType,
  range: { from: Date | null; to: Date | null },
  now: Date,
): AsyncIterable<ReportRow> {
  switch (type) {
    case 'transactions':
      return mapRows(streamTransactionRows(db, scope, range), presentTransaction);
    case 'positions':
      return mapRows(streamPositionRows(db, scope, range), presentPosition);
    case 'balances':
      return balanceRows(db, scope, now);
    default:
      return assertNever(type);
  }
}

async function* mapRows<T>(rows: AsyncIterable<T>, present: (row: T) => object): AsyncGenerator<ReportRow> {
  for await (const row of rows) yield present(row) as ReportRow;
}

/** Every user with the limits they set in force at `now`, read first: the users' cursor holds the connection. */
async function* balanceRows(db: Executor, scope: TenantEnv, now: Date): AsyncGenerator<ReportRow> {
  const limits = await limitsOfEnvironment(db, scope, now);
  for await (const user of streamUserRows(db, scope)) {
    yield { ...presentUser(user), ...presentLimitsColumns(limits.get(user.id)) } as ReportRow;
  }
}
