import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';
import { insertEventsSql } from '../events/index.js';
import { checkKeysStored, storeKeyAnswersSql, type StoredKeyAnswer } from '../idempotency/index.js';
import { insertEntriesSql, setBalancesSql } from '../ledger/index.js';
import { saveMarketStatesSql } from '../markets/index.js';
import { finishOrdersSql, insertOrdersSql } from '../orders/index.js';
import {
  closePositionsSql,
  insertPositionsSql,
  insertRejectionsSql,
  type RejectedAttempt,
} from '../positions/index.js';
import { insertSyncRecordsSql } from '../sync/index.js';
import type { RoundBook } from './book.js';

/**
 * Writes a round in one statement: each table's rows set-based, as data-modifying parts of one WITH (each
 * repo builds its own part, so a table's SQL stays in its domain). One statement is one round trip however
 * many commands the round holds. The parts see one snapshot and touch different rows (a position opened in
 * a round is never closed in it, and a new order is inserted with its final status); foreign keys between
 * them (a position and its debit) are checked at the end of the statement. Throws, rolling the round
 * back, when a key could not be stored.
 */
export async function writeRound(
  tx: Executor,
  book: RoundBook,
  extra: { keys: readonly StoredKeyAnswer[]; rejections: readonly (RejectedAttempt & { scope: TenantEnv })[] },
): Promise<void> {
  const { now } = book;
  const parts: RawBuilder<unknown>[] = [];
  if (book.entries.length > 0) parts.push(insertEntriesSql(book.entries, now), setBalancesSql(book.entries, now));
  if (book.syncs.length > 0) parts.push(insertSyncRecordsSql(book.syncs, now));
  if (book.opened.length > 0) parts.push(insertPositionsSql(book.opened, now));
  if (book.closings.length > 0) parts.push(closePositionsSql(book.closings, now));
  if (book.moved.size > 0) {
    const states = [...book.moved].map((id) => {
      const { market } = book.markets.get(id)!;
      return { id, q: market.q, b: market.b, qSandbox: market.qSandbox };
    });
    parts.push(...saveMarketStatesSql(states, now));
  }
  if (book.placed.length > 0) parts.push(insertOrdersSql(book.placed, now));
  if (book.orderChanges.length > 0) parts.push(finishOrdersSql(book.orderChanges, now));
  if (extra.rejections.length > 0) parts.push(insertRejectionsSql(extra.rejections, now));
  if (book.events.length > 0) parts.push(insertEventsSql(book.events, now));
  if (parts.length === 0 && extra.keys.length === 0) return;
  const keys = extra.keys.length > 0 ? storeKeyAnswersSql(extra.keys, now) : sql`select null::text as key where false`;
  const named = parts.map((part, i) => sql`${sql.raw(`part_${i}`)} as (${part})`);
  const written = await sql<{ keys: number }>`
    with ${sql.join([...named, sql`keys as (${keys})`])}
    select count(*)::int as keys from keys`.execute(tx);
  checkKeysStored(extra.keys.length, written.rows[0]!.keys);
}
