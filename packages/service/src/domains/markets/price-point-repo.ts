import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { PricePoint } from './model/history.js';

/**
 * The points of a market in [from, to), already reduced to the last one of each bucket of intervalMs
 * aligned to the epoch (the rule of model/history.ts, which the caller still applies): a busy market can
 * record many thousands of points a day, and this keeps the answer to one row per bucket.
 */
export async function lastPricePointPerBucket(
  db: Executor,
  marketId: string,
  from: Date,
  to: Date,
  intervalMs: number,
): Promise<PricePoint[]> {
  const result = await sql<PricePoint>`
    select distinct on (bucket) date_bin(${intervalMs}::double precision * interval '1 millisecond', ts, timestamptz '1970-01-01 00:00:00+00') as bucket,
           ts, seq, prices
    from price_points
    where market_id = ${marketId} and ts >= ${from} and ts < ${to}
    order by bucket, ts desc, seq desc`.execute(db);
  return result.rows.map(({ ts, seq, prices }) => ({ ts, seq, prices }));
}

/** A market's first recorded prices (its starting prices, micro-units in outcome order), or undefined. */
export async function firstPricePoint(db: Executor, marketId: string): Promise<bigint[] | undefined> {
  const row = await db
    .selectFrom('price_points')
    .select('prices')
    .where('market_id', '=', marketId)
    .orderBy('ts')
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return row?.prices;
}
