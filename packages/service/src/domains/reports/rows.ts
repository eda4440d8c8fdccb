import type { Executor } from '../../db/connection.js';
import type { ReportType } from '../../db/schema.js';
import { assertNever } from '../../lib/assert-never.js';
import type { TenantEnv } from '../context.js';
import { presentTransaction, streamTransactionRows, Transaction } from '../ledger/index.js';
import { Position, presentPosition, streamPositionRows } from '../positions/index.js';
import { presentUser, streamUserRows, User, type UserRow } from '../users/index.js';
import { limitsInForce, LimitsColumns, presentLimitsColumns } from '../player-limits/index.js';
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

/** Users read this many at a time for the balances report, with the limits of each batch in one read. */
const LIMITS_BATCH = 500;

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
      return balanceRows(db, streamUserRows(db, scope), now);
    default:
      return assertNever(type);
  }
}

async function* mapRows<T>(rows: AsyncIterable<T>, present: (row: T) => object): AsyncGenerator<ReportRow> {
  for await (const row of rows) yield present(row) as ReportRow;
}

async function* balanceRows(db: Executor, users: AsyncIterable<UserRow>, now: Date): AsyncGenerator<ReportRow> {
  let batch: UserRow[] = [];
  const flush = async function* () {
    const limits = await limitsInForce(
      db,
      batch.map((u) => u.id),
      now,
    );
    for (const user of batch) yield { ...presentUser(user), ...presentLimitsColumns(limits.get(user.id)) } as ReportRow;
    batch = [];
  };
  for await (const user of users) {
    batch.push(user);
    if (batch.length >= LIMITS_BATCH) yield* flush();
  }
  if (batch.length > 0) yield* flush();
}
