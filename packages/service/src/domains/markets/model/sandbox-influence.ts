/**
 * How far free sandbox money may move a shared market's price (docs/operator-api.md, "Sandbox influence").
 * Pure.
 *
 * Sandbox and live trade one market maker, so unbounded play money would set live prices: push a price
 * with sandbox opens, let a live user buy the cheap side, release the push, and the live user sells at a
 * profit the operator pays. A bound on the price move does not help near 0 or 1, where many shares move
 * the price little and the cheap side's odds a lot, so the bound is on shares. Under LMSR the ratio of
 * two prices is exp((q_i − q_j)/b); the shares open sandbox positions hold (`qSandbox`, every tenant's
 * sandbox together) therefore move any odds by a factor of at most exp(S/b), where S is their spread
 * (largest minus smallest outcome). Two rules follow:
 *   - a sandbox open or fill must leave S ≤ ε·b (ε: the market's sandbox_influence);
 *   - one sandbox tenant environment buys and sells (opens, fills and closes together) at most 10·ε·b
 *     shares of the market in any rolling 24 hours, so a push-and-release cycle cannot be repeated more
 *     than about five times a day.
 * Closes are never refused; they count toward the day. Live trades never meet these rules.
 *
 * Units: shares are bigint units of 1e-8 share (quotes.ts SHARE_SCALE); ε and b are exact decimals in
 * micro-units, so both caps are computed without floats.
 */
import { quoteOpen } from './quotes.js';

/** sandbox_influence may be set from 0.001 to 0.05 (or null: no bound). */
export const MIN_INFLUENCE_MICRO = 1_000n;
export const MAX_INFLUENCE_MICRO = 50_000n;
/** New shared markets start at 0.01: no odds move by more than about 1 %. */
export const DEFAULT_INFLUENCE = '0.01';
/** The day's shares are counted over the last 24 hours. */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** The day's cap is this many times the spread's. */
const DAY_FACTOR = 10n;
/** micro × micro → 1e-12; shares are 1e-8 units: divide by 10^4. */
const MICRO2_TO_UNITS = 10n ** 4n;

/** A shared market's bound: ε and b exactly. */
export interface InfluenceBound {
  /** sandbox_influence in micro-units (0.01 → 10_000n). */
  influenceMicro: bigint;
  /** liquidity b in micro-units. */
  liquidityMicro: bigint;
}

/** The largest spread sandbox opens may leave: ε·b shares, rounded down to a unit. */
export const spreadCap = (bound: InfluenceBound): bigint =>
  (bound.influenceMicro * bound.liquidityMicro) / MICRO2_TO_UNITS;

/** The most shares one sandbox tenant environment may buy and sell in 24 hours: 10·ε·b, rounded down. */
export const dayCap = (bound: InfluenceBound): bigint =>
  (DAY_FACTOR * bound.influenceMicro * bound.liquidityMicro) / MICRO2_TO_UNITS;

/** S: the largest outcome's sandbox shares minus the smallest's. */
export function spreadOf(qSandbox: readonly bigint[]): bigint {
  let max = qSandbox[0] ?? 0n;
  let min = max;
  for (const q of qSandbox) {
    if (q > max) max = q;
    if (q < min) min = q;
  }
  return max - min;
}

/** qSandbox after a sandbox trade moves `shares` (negative for a close) on outcome i. */
export function withSandboxShares(qSandbox: readonly bigint[], i: number, shares: bigint): bigint[] {
  return qSandbox.map((q, j) => (j === i ? q + shares : q));
}

/**
 * The range of shares an open on outcome i may buy under both rules: [fewest, most], or null when none.
 * Buying on the smallest outcome can lower the spread, so when the spread is above the cap already (the
 * platform lowered ε, or closes widened it) an open must buy at least enough to bring it back under.
 */
export function sharesRoom(
  terms: { qSandbox: readonly bigint[]; outcome: number; dayShares: bigint },
  bound: InfluenceBound,
): { fewest: bigint; most: bigint } | null {
  const { qSandbox, outcome } = terms;
  const cap = spreadCap(bound);
  const others = qSandbox.filter((_, j) => j !== outcome);
  const highest = others.reduce((a, b) => (b > a ? b : a));
  const lowest = others.reduce((a, b) => (b < a ? b : a));
  const mine = qSandbox[outcome]!;
  // After buying x: spread = max(highest, mine + x) − min(lowest, mine + x) ≤ cap, which holds exactly
  // when mine + x ≤ lowest + cap and mine + x ≥ highest − cap (given highest − lowest ≤ cap).
  if (highest - lowest > cap) return null;
  const most = [lowest + cap - mine, dayCap(bound) - terms.dayShares].reduce((a, b) => (b < a ? b : a));
  const fewest = highest - cap - mine > 1n ? highest - cap - mine : 1n;
  return most >= fewest ? { fewest, most } : null;
}

/**
 * Whether a sandbox open of `shares` on outcome i keeps both rules; when not, the largest stake in cents
 * that would (0n when none), for details.remaining. Shares grow with the stake, so the stakes that fit form
 * one range; its top is found by bisection on the exact quote (quotes.ts), the numbers the open itself uses.
 */
export function sandboxRefusal(
  terms: {
    q: readonly number[];
    b: number;
    outcome: number;
    shares: bigint;
    qSandbox: readonly bigint[];
    dayShares: bigint;
  },
  bound: InfluenceBound,
): { remaining: bigint } | null {
  const room = sharesRoom(terms, bound);
  if (room !== null && terms.shares >= room.fewest && terms.shares <= room.most) return null;
  if (room === null) return { remaining: 0n };
  const sharesOf = (stake: bigint): bigint | null => {
    const quote = quoteOpen(terms.q, terms.b, terms.outcome, stake);
    return quote.ok ? quote.shares : null;
  };
  const fits = (stake: bigint) => {
    const shares = sharesOf(stake);
    return shares !== null && shares <= room.most;
  };
  // A stake buys at least its amount in shares (every price is below 1), so `most` shares cost about
  // most / 10^6 cents at most; rounding can shave a unit, hence the doubling until a stake does not fit.
  let low = 0n;
  let high = room.most / 1_000_000n + 2n;
  while (fits(high)) [low, high] = [high, high * 2n];
  while (high - low > 1n) {
    const mid = (low + high) / 2n;
    if (fits(mid)) low = mid;
    else high = mid;
  }
  const top = low > 0n ? sharesOf(low) : null;
  return { remaining: top !== null && top >= room.fewest ? low : 0n };
}

/** A decimal text with at most 6 decimals (liquidity, sandbox_influence) in micro-units. */
export function microOf(decimal: string): bigint {
  const match = /^([0-9]+)(?:\.([0-9]{1,6}))?$/.exec(decimal);
  if (!match) throw new RangeError(`not a decimal with at most 6 decimals: ${decimal}`);
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** S / b as the platform API shows it: a decimal with 6 decimals, rounded half up. */
export function spreadRatio(qSandbox: readonly bigint[], liquidityMicro: bigint): string {
  // units / 1e8 shares over micro / 1e6: S/b = units / (micro · 100); in micro-units of the ratio ×10^6.
  const scaled = (spreadOf(qSandbox) * 1_000_000n * 2n + liquidityMicro * 100n) / (liquidityMicro * 200n);
  return `${scaled / 1_000_000n}.${(scaled % 1_000_000n).toString().padStart(6, '0')}`;
}
