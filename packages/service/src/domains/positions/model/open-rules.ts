/**
 * The rules an open must pass (spec 4.1 "Rules for positions"), in the order they are checked, as a
 * pure function of what the transaction read under its locks. Rejections are values; the verb turns
 * them into catalog errors.
 */
export type Rejection =
  | { code: 'validation_failed'; message: string }
  | { code: 'market_suspended' }
  | { code: 'user_blocked' }
  | { code: 'stake_limit_exceeded'; remaining: bigint }
  | { code: 'price_moved'; priceMicro: bigint }
  | { code: 'would_overdraw'; balance: bigint };

export interface MarketWindow {
  status: 'open' | 'suspended' | 'resolved' | 'voided';
  opensAt: Date;
  closesAt: Date;
}

/** Whether the market takes trades now: open status and inside [opens_at, closes_at). */
export function tradingRejection(market: MarketWindow, now: Date): Rejection | null {
  if (market.status === 'suspended') return { code: 'market_suspended' };
  if (market.status !== 'open') return { code: 'validation_failed', message: `The market is ${market.status}.` };
  if (now < market.opensAt) return { code: 'validation_failed', message: 'The market has not opened for trading yet.' };
  if (now >= market.closesAt) return { code: 'validation_failed', message: 'The market has closed for trading.' };
  return null;
}

export interface StakeCaps {
  maxStakePerPosition: bigint;
  maxOpenStakePerUser: bigint;
  /** The user's open stake on this market before this position. */
  openStake: bigint;
}

/** stake_limit_exceeded with the stake that would still fit (never negative). */
export function stakeRejection(stake: bigint, caps: StakeCaps): Rejection | null {
  const userRoom = caps.maxOpenStakePerUser - caps.openStake;
  const remaining = userRoom < caps.maxStakePerPosition ? userRoom : caps.maxStakePerPosition;
  if (stake <= remaining) return null;
  return { code: 'stake_limit_exceeded', remaining: remaining > 0n ? remaining : 0n };
}
