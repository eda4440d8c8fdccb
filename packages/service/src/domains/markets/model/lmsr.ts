/**
 * The logarithmic market scoring rule in float64 (its formulas: docs/operator-api.md, "Positions", "Pricing"). Pure.
 *
 * Units: q (outstanding shares per outcome), b (liquidity), stakes and proceeds are all in currency
 * major units, one share paying 1 if its outcome wins. Prices are plain fractions.
 *
 * Precision: every sum of exponentials is shifted by its largest exponent (log-sum-exp), and the trade
 * formulas use log1p/expm1; where even that would underflow or overflow (q_i/b spreads beyond ~700,
 * stakes many hundred times b) they switch to log space, so finite inputs never give NaN or Infinity.
 * Invalid inputs (b ≤ 0, a non-finite q, an outcome out of range, a negative amount) throw RangeError;
 * a result that float64 cannot hold throws {@link LmsrRangeError}.
 */

/** A result float64 cannot represent (for example q_i/b overflowing); callers turn it into a failure. */
export class LmsrRangeError extends RangeError {
  override name = 'LmsrRangeError';
}

/** Exponents x_j = q_j/b, shifted by their maximum m, with the sum of exp(x_j − m) (≥ 1). */
type Shifted = { x: number[]; m: number; sum: number };

function shifted(q: readonly number[], b: number): Shifted {
  if (!(Number.isFinite(b) && b > 0)) throw new RangeError(`liquidity b must be a positive finite number, got ${b}`);
  if (q.length < 2) throw new RangeError(`a market has at least two outcomes, got ${q.length}`);
  const x = q.map((qj) => qj / b);
  if (!x.every(Number.isFinite)) throw new LmsrRangeError('q/b is not finite for some outcome');
  const m = Math.max(...x);
  let sum = 0;
  for (const xj of x) sum += Math.exp(xj - m);
  return { x, m, sum };
}

function checkOutcome(q: readonly number[], i: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= q.length)
    throw new RangeError(`outcome index ${i} out of range 0..${q.length - 1}`);
}

function checkAmount(name: string, value: number): void {
  if (!(Number.isFinite(value) && value >= 0))
    throw new RangeError(`${name} must be a finite number ≥ 0, got ${value}`);
}

function finite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new LmsrRangeError(`${what} is not representable in float64`);
  return value;
}

/** ln(e^x − 1) for x > 0 without overflow (x large) or cancellation (x small). */
function lnExpm1(x: number): number {
  return x > 1 ? x + Math.log1p(-Math.exp(-x)) : Math.log(Math.expm1(x));
}

/** ln(1 + e^x) without overflow. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/**
 * Prices p_i = exp(q_i/b) / Σ exp(q_j/b). They sum to 1 within a few ulps; in float64 a price is
 * exactly 0 (or 1) once its exponent trails (or leads) the others by more than ~745 (or ~37).
 * @example prices([0, 0], 100) // [0.5, 0.5]
 */
export function prices(q: readonly number[], b: number): number[] {
  const { x, m, sum } = shifted(q, b);
  return x.map((xj) => Math.exp(xj - m) / sum);
}

/**
 * Cost C(q) = b·ln Σ exp(q_j/b), in currency units. The largest term is exactly 1 after the shift, so
 * the rest goes through log1p.
 * @example cost([0, 0], 100) // 100·ln 2 ≈ 69.3147
 */
export function cost(q: readonly number[], b: number): number {
  const { x, m } = shifted(q, b);
  const top = x.indexOf(m);
  let rest = 0;
  x.forEach((xj, j) => {
    if (j !== top) rest += Math.exp(xj - m);
  });
  return finite(b * (m + Math.log1p(rest)), 'cost');
}

/**
 * Shares Δ that a stake s (currency units) buys on outcome i: Δ = b·log1p(expm1(s/b)/p_i), the Δ with
 * C(q + Δe_i) − C(q) = s. Not rounded; never below s, because every price is below 1.
 */
export function sharesForStake(q: readonly number[], b: number, i: number, stake: number): number {
  checkOutcome(q, i);
  checkAmount('stake', stake);
  const { x, m, sum } = shifted(q, b);
  if (stake === 0) return 0;
  const a = stake / b;
  const p = Math.exp(x[i]! - m) / sum;
  const ratio = Math.expm1(a) / p;
  const lnP = x[i]! - m - Math.log(sum);
  // The direct formula is the most precise while p_i is a normal float and the ratio is finite.
  const delta = p >= 2 ** -1022 && Number.isFinite(ratio) ? b * Math.log1p(ratio) : b * softplus(lnExpm1(a) - lnP);
  // Exactly Δ > s; when p_i rounds to 1 float error could land a hair below, so clamp.
  return Math.max(finite(delta, 'shares'), stake);
}

/**
 * Proceeds R (currency units) of selling k shares of outcome i: R = −b·log1p(p_i·expm1(−k/b)), which is
 * C(q) − C(q − k e_i). Not rounded; between 0 and k, because every price is below 1.
 */
export function proceedsForShares(q: readonly number[], b: number, i: number, shares: number): number {
  checkOutcome(q, i);
  checkAmount('shares', shares);
  const { x, m, sum } = shifted(q, b);
  if (shares === 0) return 0;
  const a = shares / b;
  const u = (Math.exp(x[i]! - m) / sum) * Math.expm1(-a);
  let proceeds: number;
  if (u > -0.5) {
    proceeds = b * -Math.log1p(u) + 0; // + 0 turns −0 into 0
  } else {
    // 1 + u is near 0: p_i is near 1 and the shares many times b, and log1p(u) would inherit the
    // cancellation in u. Compute −ln(1 + u) = lse(x) − lse(x − a·e_i) instead, which is at least ln 2.
    const after = x.map((xj, j) => (j === i ? xj - a : xj));
    const mAfter = Math.max(...after);
    let sumAfter = 0;
    for (const t of after) sumAfter += Math.exp(t - mAfter);
    proceeds = b * (m - mAfter + Math.log(sum / sumAfter));
  }
  // Exactly R < k; when p_i rounds to 1 float error (ε·|q/b|) could land a hair above, so clamp.
  return Math.min(finite(proceeds, 'proceeds'), shares);
}

/**
 * The q that starts a market at the given prices: q_i = b·ln p_i. Prices must be positive and sum to 1
 * (within 1e-9).
 * @example initialQ([0.5, 0.5], 100) // [-69.31…, -69.31…]
 */
export function initialQ(initialPrices: readonly number[], b: number): number[] {
  if (!(Number.isFinite(b) && b > 0)) throw new RangeError(`liquidity b must be a positive finite number, got ${b}`);
  if (!initialPrices.every((p) => Number.isFinite(p) && p > 0 && p <= 1))
    throw new RangeError('initial prices must lie in (0, 1]');
  const total = initialPrices.reduce((s, p) => s + p, 0);
  if (Math.abs(total - 1) > 1e-9) throw new RangeError(`initial prices must sum to 1, got ${total}`);
  return initialPrices.map((p) => finite(b * Math.log(p), 'initial q'));
}

/**
 * The price p_i at or below which a limit order of stake s (currency units) and limit L fills:
 * expm1(s/b) / expm1(s/(b·L)). It follows from s/Δ ≤ L. 1 for L = 1, tending to 0 as L → 0; computed
 * in log space when an expm1 would overflow. A float pre-check only: quotes' exact price is authoritative.
 */
export function limitFillThreshold(b: number, stake: number, limitPrice: number): number {
  if (!(Number.isFinite(b) && b > 0)) throw new RangeError(`liquidity b must be a positive finite number, got ${b}`);
  if (!(Number.isFinite(stake) && stake > 0))
    throw new RangeError(`stake must be a positive finite number, got ${stake}`);
  if (!(limitPrice >= 0 && limitPrice <= 1)) throw new RangeError(`limit price must lie in [0, 1], got ${limitPrice}`);
  if (limitPrice === 0) return 0;
  const a = stake / b;
  if (a === 0) return limitPrice; // s/b underflowed: the threshold's limit as s/b → 0
  const over = a / limitPrice;
  const top = Math.expm1(a);
  const bottom = Math.expm1(over);
  if (Number.isFinite(bottom) && top > 0) return top / bottom;
  return Math.exp(lnExpm1(a) - lnExpm1(over));
}
