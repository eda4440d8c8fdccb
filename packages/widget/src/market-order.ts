import type { Market, Position } from './store.js';

/** Where a status sorts: open markets first, then paused ones, then the ended ones. */
const RANK: Record<Market['status'], number> = { open: 0, suspended: 1, resolved: 2, voided: 2 };

/**
 * The list's order (UX: "open markets closing soonest come first, ended ones last"): open by closing
 * time, soonest first; then suspended the same way; then resolved and voided, the most recently closed
 * first. Ties keep the API's order, so the list does not reshuffle between reads.
 */
export function sortMarkets(markets: readonly Market[]): Market[] {
  return markets
    .map((market, index) => ({ market, index, closes: Date.parse(market.closes_at) }))
    .sort((a, b) => {
      const rank = RANK[a.market.status] - RANK[b.market.status];
      if (rank !== 0) return rank;
      const ended = RANK[a.market.status] === 2;
      const time = ended ? b.closes - a.closes : a.closes - b.closes;
      return time !== 0 && Number.isFinite(time) ? time : a.index - b.index;
    })
    .map((entry) => entry.market);
}

/** What an ended market came to for one user, summed over their positions on it. */
export type MarketResult =
  { kind: 'won'; amount: string } | { kind: 'lost'; amount: string } | { kind: 'refunded'; amount: string };

const cents = (amount: string | null) => Math.round(Number(amount ?? 0) * 100);
const amountOf = (totalCents: number) => (totalCents / 100).toFixed(2);

/**
 * The user's own result on a resolved or voided market, from their settled positions (closed ones
 * ended before the resolution and are not part of it): won what the winners paid, lost what the
 * losers staked, or refunded. Null when they held nothing on it at the end.
 */
export function resultOn(market: Market, positions: Iterable<Position>): MarketResult | null {
  let won = 0;
  let lost = 0;
  let refunded = 0;
  let any = false;
  for (const p of positions) {
    if (p.market_slug !== market.slug) continue;
    if (p.state === 'settled_win') won += cents(p.payout);
    else if (p.state === 'settled_loss') lost += cents(p.stake);
    else if (p.state === 'voided') refunded += cents(p.payout ?? p.stake);
    else continue;
    any = true;
  }
  if (!any) return null;
  if (market.status === 'voided') return { kind: 'refunded', amount: amountOf(refunded) };
  return won > 0 ? { kind: 'won', amount: amountOf(won) } : { kind: 'lost', amount: amountOf(lost) };
}
