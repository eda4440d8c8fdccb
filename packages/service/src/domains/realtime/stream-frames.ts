import { z } from 'zod';
import type { Executor } from '../../db/connection.js';
import { formatAmount } from '../../lib/money.js';
import { findMarketsByIds, presentSnapshot, Snapshot } from '../markets/index.js';
import { findPositionsByIds, Position, presentPosition } from '../positions/index.js';
import { findBalances } from '../users/index.js';
import { sseEvent } from './model/sse.js';
import { BalanceEvent } from './schemas.js';

/** What one delivery must send: the markets, the users' balances and the positions whose state it reads. */
export interface Wanted {
  marketIds: Set<string>;
  balanceUserIds: Set<string>;
  positionIds: Set<string>;
}

export const nothingWanted = (): Wanted => ({
  marketIds: new Set(),
  balanceUserIds: new Set(),
  positionIds: new Set(),
});

/** The SSE frames of one delivery, each serialized once, whatever the number of streams it goes to. */
export interface Frames {
  prices: Map<string, string>;
  balances: Map<string, string>;
  /** By position id, with the position's user: only that user's streams may get it. */
  positions: Map<string, { userId: string; frame: string }>;
}

/** Serialized exactly as fastify serializes the route that answers the same body (zod encode, then JSON). */
const json = <S extends z.ZodType>(schema: S, value: z.input<S>) => JSON.stringify(z.encode(schema, value as never));

/**
 * Reads the current state of what is wanted (three queries at most, side by side) and frames it with
 * event id `id`: `prices` is the body of GET /v1/markets/{slug}/snapshot at `now`, `position` the body of
 * GET /v1/positions/{id}, `balance` {"balance"}.
 */
export async function readFrames(db: Executor, wanted: Wanted, now: Date, id: string): Promise<Frames> {
  const [markets, balances, positions] = await Promise.all([
    findMarketsByIds(db, [...wanted.marketIds]),
    findBalances(db, [...wanted.balanceUserIds]),
    findPositionsByIds(db, [...wanted.positionIds]),
  ]);
  const frames: Frames = { prices: new Map(), balances: new Map(), positions: new Map() };
  for (const [marketId, market] of markets)
    frames.prices.set(marketId, sseEvent('prices', id, json(Snapshot, presentSnapshot(market, now))));
  for (const [userId, balance] of balances)
    frames.balances.set(userId, sseEvent('balance', id, json(BalanceEvent, { balance: formatAmount(balance) })));
  for (const position of positions) {
    const frame = sseEvent('position', id, json(Position, presentPosition(position)));
    frames.positions.set(position.id, { userId: position.userId, frame });
  }
  return frames;
}
