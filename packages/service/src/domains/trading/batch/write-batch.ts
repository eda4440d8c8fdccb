import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/connection.js';
import type { TenantEnv } from '../../context.js';
import { insertEventsSql, type NewEvent } from '../../events/index.js';
import { checkKeysStored, storeKeyAnswersSql, type StoredKeyAnswer } from '../../idempotency/index.js';
import { insertEntriesSql, setBalancesSql, type ScopedEntry } from '../../ledger/index.js';
import { saveMarketStateSql } from '../../markets/index.js';
import { finishOrdersSql, type OrderChange } from '../../orders/index.js';
import { closePositionsSql, insertPositionsSql, type Closing, type NewPosition } from '../../positions/index.js';

/** Everything a market's batch writes. */
export interface BatchWrites {
  entries: readonly ScopedEntry[];
  opened: readonly (NewPosition & { scope: TenantEnv })[];
  closings: readonly Closing[];
  /** The market's state after the batch, when a trade moved it. */
  market: { id: string; q: number[]; b: number } | null;
  orderChanges: readonly { id: string; change: OrderChange }[];
  events: readonly NewEvent[];
  keys: readonly StoredKeyAnswer[];
}

/**
 * Writes a batch in one statement: each table's rows set-based, as data-modifying parts of one WITH (each
 * repo builds its own part, so the SQL of a table stays in its domain). One statement is one round trip
 * however many trades the batch holds, which is what a market's hot minute needs. The parts see one
 * snapshot and touch different rows; foreign keys between them (a position and its debit) are checked
 * at the end of the statement. Throws, rolling the batch back, when a key could not be stored.
 */
export async function writeBatch(tx: Executor, w: BatchWrites, now: Date): Promise<void> {
  const parts: RawBuilder<unknown>[] = [];
  if (w.entries.length > 0) parts.push(insertEntriesSql(w.entries, now), setBalancesSql(w.entries, now));
  if (w.opened.length > 0) parts.push(insertPositionsSql(w.opened, now));
  if (w.closings.length > 0) parts.push(closePositionsSql(w.closings, now));
  if (w.market) parts.push(...saveMarketStateSql(w.market.id, w.market.q, w.market.b, now));
  if (w.orderChanges.length > 0) parts.push(finishOrdersSql(w.orderChanges, now));
  if (w.events.length > 0) parts.push(insertEventsSql(w.events, now));
  if (parts.length === 0 && w.keys.length === 0) return;
  const keys = w.keys.length > 0 ? storeKeyAnswersSql(w.keys, now) : sql`select null::text as key where false`;
  const named = parts.map((part, i) => sql`${sql.raw(`part_${i}`)} as (${part})`);
  const written = await sql<{ keys: number }>`
    with ${sql.join([...named, sql`keys as (${keys})`])}
    select count(*)::int as keys from keys`.execute(tx);
  checkKeysStored(w.keys.length, written.rows[0]!.keys);
}
