import { amountOf, centsOf } from './cents.js';
import type { Market, Position } from './store.js';

/**
 * Where a market stands for a user at `now`: the API's status says open until a resolution, also
 * before opens_at and after closes_at, when the service refuses every trade.
 */
export type Phase = 'open' | 'upcoming' | 'awaiting' | 'suspended' | 'resolved' | 'voided';

export function phaseOf(market: Market, now: number): Phase {
  if (market.status !== 'open') return market.status;
  if (now < Date.parse(market.opens_at)) return 'upcoming';
  if (now >= Date.parse(market.closes_at)) return 'awaiting';
  return 'open';
}

export const isEnded = (market: Market) => market.status === 'resolved' || market.status === 'voided';

/** Where a phase sorts: tradable first, then opening later, paused, closed awaiting a result, ended. */
const RANK: Record<Phase, number> = { open: 0, upcoming: 1, suspended: 2, awaiting: 3, resolved: 4, voided: 4 };

/**
 * The list's order (UX: "open markets closing soonest come first, ended ones last"): open by closing
 * time, soonest first; then those opening later, soonest first; then paused ones; then those closed and
 * awaiting their result; then resolved and voided, the most recently closed first. Ties keep the API's
 * order, so the list does not reshuffle between reads.
 */
export function sortMarkets(markets: readonly Market[], now: number): Market[] {
  return markets
    .map((market, index) => {
      const phase = phaseOf(market, now);
      const time = Date.parse(phase === 'upcoming' ? market.opens_at : market.closes_at);
      return { market, index, rank: RANK[phase], time: phase === 'awaiting' || RANK[phase] === 4 ? -time : time };
    })
    .sort((a, b) => a.rank - b.rank || a.time - b.time || a.index - b.index)
    .map((entry) => entry.market);
}

/** What an ended market came to for one user, summed over the positions they held to its end. */
export type MarketResult =
  | { kind: 'won'; amount: string }
  | { kind: 'lost'; amount: string }
  | { kind: 'net'; amount: string }
  | { kind: 'refunded'; amount: string };

/**
 * The user's own result on a resolved or voided market, from their settled positions (closed ones
 * ended before the resolution and are not part of it): what the winners paid, what the losers staked,
 * or, holding both, the net of the two; on a voided market what was refunded. Null when they held
 * nothing on it at the end.
 */
export function resultOn(market: Market, positions: Iterable<Position>): MarketResult | null {
  let won = 0n;
  let lost = 0n;
  let refunded = 0n;
  let any = false;
  for (const p of positions) {
    if (p.market_slug !== market.slug) continue;
    if (p.state === 'settled_win') won += centsOf(p.payout ?? '0');
    else if (p.state === 'settled_loss') lost += centsOf(p.stake);
    else if (p.state === 'voided') refunded += centsOf(p.payout ?? p.stake);
    else continue;
    any = true;
  }
  if (!any) return null;
  if (market.status === 'voided') return { kind: 'refunded', amount: amountOf(refunded) };
  if (won > 0n && lost > 0n) return { kind: 'net', amount: amountOf(won - lost) };
  return won > 0n ? { kind: 'won', amount: amountOf(won) } : { kind: 'lost', amount: amountOf(lost) };
}
