import type { OutcomeExposure } from './exposure.js';

/**
 * What the house (the operator whose users hold the positions, or the operators summed) ends with if an
 * outcome wins: it pays the difference, keeps it, or breaks even. The amount is never negative.
 */
export type HouseResult = { verb: 'pays' | 'keeps'; amount: bigint } | { verb: 'breaks even'; amount: 0n };

/**
 * The terms that make one exposure line's net, each in cents, so that a person can add them up
 * (docs/platform-api.md, "A market's exposure"): stakeOn + stakeElsewhere = stakeTaken, and
 * paid − stakeTaken is what the house pays (keeps when negative).
 */
export interface NetTerms {
  /** The open stake on this outcome. */
  stakeOn: bigint;
  /** The open stake on the market's other outcomes: lost by its holders if this outcome wins. */
  stakeElsewhere: bigint;
  /** Every open stake on the market, already taken from the users' balances when their positions opened. */
  stakeTaken: bigint;
  /** What this outcome's open positions are paid if it wins. */
  paid: bigint;
  house: HouseResult;
}

/**
 * The terms of a line, exact in cents. The line's net is its payout minus the open stake of the whole
 * market (exposure.ts), so the stake taken is payout − net.
 * @example netTerms({ outcomeId: 'yes', positions: 2, stake: 6000n, payoutIfWins: 12472n, netIfWins: 1472n })
 * // stakeOn 6000n, stakeElsewhere 5000n, stakeTaken 11000n, paid 12472n, house pays 1472n
 */
export function netTerms(line: OutcomeExposure): NetTerms {
  const stakeTaken = line.payoutIfWins - line.netIfWins;
  return {
    stakeOn: line.stake,
    stakeElsewhere: stakeTaken - line.stake,
    stakeTaken,
    paid: line.payoutIfWins,
    house: houseResult(line.netIfWins),
  };
}

/**
 * A net (payout minus stake taken) as what the house does: pays it when positive, keeps its opposite
 * when negative.
 * @example houseResult(-1472n) // { verb: 'keeps', amount: 1472n }
 */
export function houseResult(net: bigint): HouseResult {
  if (net > 0n) return { verb: 'pays', amount: net };
  if (net < 0n) return { verb: 'keeps', amount: -net };
  return { verb: 'breaks even', amount: 0n };
}
