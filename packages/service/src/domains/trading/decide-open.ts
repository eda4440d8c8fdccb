import type { Executor } from '../../db/connection.js';
import type { LockedUser } from '../ledger/index.js';
import type { MarketForTrade } from '../markets/index.js';
import { openStakeOnMarket } from '../positions/index.js';
import { openRules, type OpenDecision } from './model/open-rules.js';

export interface OpenAsk {
  /** Locked by the caller; absent when the user is not registered. */
  user: LockedUser | undefined;
  externalUserId: string;
  outcomeId: string;
  stake: bigint;
  maxPriceMicro: bigint;
}

/**
 * Reads what the open rules need beyond the locked rows (the user's open stake on the market) and
 * decides, for an open and for a limit order's fill alike.
 */
export async function decideOpen(db: Executor, market: MarketForTrade, ask: OpenAsk, now: Date): Promise<OpenDecision> {
  const { user } = ask;
  return openRules({
    stage: 'open',
    market,
    user: user ?? { externalUserId: ask.externalUserId, missing: true },
    openStake: user ? await openStakeOnMarket(db, user.id, market.id) : 0n,
    outcomeId: ask.outcomeId,
    stake: ask.stake,
    maxPriceMicro: ask.maxPriceMicro,
    now,
  });
}
