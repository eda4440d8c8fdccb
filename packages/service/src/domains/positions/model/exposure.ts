/** The open positions of one outcome of a market, as the positions repo sums them (openPositionTotals). */
export interface OutcomeOpenTotals {
  outcomeId: string;
  positions: number;
  /** Their stakes, in cents. */
  stake: bigint;
  /** What they pay if this outcome wins: each position's settled_win payout (settledWinPayout), summed, cents. */
  payoutIfWins: bigint;
}

/** One outcome's line of the exposure (docs/guides/exposure.md), amounts in cents. */
export interface OutcomeExposure extends OutcomeOpenTotals {
  /**
   * The operator's liability if this outcome wins: its payout minus the open stake of the whole market
   * (every stake is already debited; a win pays its positions and every other open stake is kept).
   * Negative is the operator's gain.
   */
  netIfWins: bigint;
}

/**
 * The exposure of a market, one line per outcome in the market's order, an outcome nobody holds with
 * zeros (so its net is the whole open stake, kept). Totals of outcomes the market does not list are
 * refused: they would mean positions on another market's outcome.
 * @example exposureOf(['a', 'b'], [{ outcomeId: 'a', positions: 1, stake: 1000n, payoutIfWins: 1909n }])
 * // a: net 909n (pays 19.09 against 10.00 staked), b: net -1000n
 */
export function exposureOf(outcomeIds: readonly string[], totals: readonly OutcomeOpenTotals[]): OutcomeExposure[] {
  const byOutcome = new Map(totals.map((t) => [t.outcomeId, t]));
  for (const id of byOutcome.keys()) {
    if (!outcomeIds.includes(id))
      throw new RangeError(`open positions on ${id}, which is not an outcome of the market`);
  }
  const marketStake = totals.reduce((sum, t) => sum + t.stake, 0n);
  return outcomeIds.map((outcomeId) => {
    const open = byOutcome.get(outcomeId) ?? { outcomeId, positions: 0, stake: 0n, payoutIfWins: 0n };
    return { ...open, netIfWins: open.payoutIfWins - marketStake };
  });
}
