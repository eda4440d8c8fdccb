import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { PricePoint } from './model/history.js';
import type { ChangeReferences } from './model/price-change.js';

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

/**
 * For each market, the points its change over a day is measured against (model/price-change.ts): the last
 * one recorded at or before `since`, and its first. One statement for a page of markets, two index probes
 * a market on (market_id, ts); a market without points gets nulls.
 */
export async function changeReferences(
  db: Executor,
  marketIds: readonly string[],
  since: Date,
): Promise<Map<string, ChangeReferences>> {
  if (marketIds.length === 0) return new Map();
  const { rows } = await sql<{ id: string; at_since: bigint[] | null; first: bigint[] | null }>`
    select m.id,
           (select p.prices from price_points p where p.market_id = m.id and p.ts <= ${since}
             order by p.ts desc, p.seq desc limit 1) as at_since,
           (select p.prices from price_points p where p.market_id = m.id order by p.ts, p.seq limit 1) as first
    from unnest(${[...new Set(marketIds)]}::uuid[]) as m(id)`.execute(db);
  return new Map(rows.map((r) => [r.id, { atSince: r.at_since, first: r.first }]));
}

/**
 * Records price points at the times given, oldest or not, in one statement: the demo's history of the days
 * before it was seeded (src/demo-data.ts). Trades record theirs through saveMarketState.
 */
export async function insertPricePoints(
  db: Executor,
  marketId: string,
  points: readonly { ts: Date; prices: readonly bigint[] }[],
): Promise<void> {
  if (points.length === 0) return;
  await sql`
    insert into price_points (market_id, ts, prices)
    select ${marketId}, p.ts, array(select e::bigint from jsonb_array_elements_text(p.prices::jsonb) with ordinality x(e, n) order by n)
    from unnest(${points.map((p) => p.ts)}::timestamptz[], ${points.map((p) => JSON.stringify(p.prices.map(String)))}::text[])
      with ordinality as p(ts, prices, n)
    order by p.n`.execute(db);
}
