import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cost,
  initialQ,
  limitFillThreshold,
  LmsrRangeError,
  prices,
  proceedsForShares,
  sharesForStake,
} from './lmsr.js';

const EPS = Number.EPSILON;

/** 10^u for u uniform, so every order of magnitude between lo and hi is drawn as often. */
const logUniform = (lo: number, hi: number) =>
  fc.double({ min: Math.log10(lo), max: Math.log10(hi), noNaN: true }).map((u) => 10 ** u);

/** A market: b from 1 to 1e6 and 2 to maxN outcomes with |q_j/b| ≤ maxX, plus an outcome index. */
const market = (maxX: number, maxN = 20, bMax = 1e6) =>
  fc
    .tuple(
      logUniform(1, bMax),
      fc.array(fc.double({ min: -maxX, max: maxX, noNaN: true }), { minLength: 2, maxLength: maxN }),
    )
    .chain(([b, xs]) => fc.nat({ max: xs.length - 1 }).map((i) => ({ b, q: xs.map((x) => x * b), i })));

const withShares = (q: readonly number[], i: number, delta: number) => q.map((qj, j) => (j === i ? qj + delta : qj));

/** The float error of C(q') − C(q) itself: a few ulps of the larger cost, on top of the relative target. */
const costDifferenceTolerance = (target: number, c1: number, c2: number) =>
  1e-9 * target + 4 * EPS * Math.max(Math.abs(c1), Math.abs(c2));

describe('prices', () => {
  it('gives the textbook values', () => {
    expect(prices([0, 0], 100)).toEqual([0.5, 0.5]);
    const [p0, p1] = prices([100 * Math.log(0.2), 100 * Math.log(0.8)], 100);
    expect(p0).toBeCloseTo(0.2, 15);
    expect(p1).toBeCloseTo(0.8, 15);
  });

  it('stay strictly between 0 and 1 and sum to 1 for 2–20 outcomes, b from 1 to 1e6, |q/b| ≤ 15', () => {
    fc.assert(
      fc.property(market(15), ({ q, b }) => {
        const p = prices(q, b);
        for (const pj of p) expect(pj > 0 && pj < 1).toBe(true);
        expect(Math.abs(p.reduce((s, pj) => s + pj, 0) - 1)).toBeLessThanOrEqual(1e-12);
      }),
    );
  });

  it('do not change when every q_j moves by the same amount', () => {
    fc.assert(
      fc.property(market(15), fc.double({ min: -20, max: 20, noNaN: true }), ({ q, b }, shift) => {
        const moved = prices(
          q.map((qj) => qj + shift * b),
          b,
        );
        for (const [j, pj] of prices(q, b).entries()) expect(Math.abs(moved[j]! - pj)).toBeLessThanOrEqual(1e-12);
      }),
    );
  });

  it('stay finite, in [0, 1] and summing to 1 when q/b reaches ±700 and far beyond', () => {
    fc.assert(
      fc.property(market(1e5), ({ q, b }) => {
        const p = prices(q, b);
        for (const pj of p) expect(pj >= 0 && pj <= 1).toBe(true);
        expect(Math.abs(p.reduce((s, pj) => s + pj, 0) - 1)).toBeLessThanOrEqual(1e-12);
      }),
    );
    expect(prices([800, -800, 0], 1)).toEqual([1, 0, 0]);
  });

  it('refuse invalid markets and q/b that overflows', () => {
    expect(() => prices([0, 0], 0)).toThrow(RangeError);
    expect(() => prices([0, 0], Number.NaN)).toThrow(RangeError);
    expect(() => prices([0], 1)).toThrow(/at least two outcomes/);
    expect(() => prices([1e308, 0], 1e-10)).toThrow(LmsrRangeError);
    expect(() => prices([Number.NaN, 0], 1)).toThrow(LmsrRangeError);
  });
});

describe('cost', () => {
  it('is b·ln n for a flat market', () => {
    expect(cost([0, 0], 100)).toBeCloseTo(100 * Math.LN2, 12);
    expect(cost([5, 5, 5, 5], 10)).toBeCloseTo(5 + 10 * Math.log(4), 12);
  });

  it('lies between max q and max q + b·ln n, even for extreme q/b', () => {
    fc.assert(
      fc.property(market(1e5), ({ q, b }) => {
        const c = cost(q, b);
        const top = Math.max(...q);
        const slack = 4 * EPS * (Math.abs(top) + b);
        expect(c).toBeGreaterThanOrEqual(top - slack);
        expect(c).toBeLessThanOrEqual(top + b * Math.log(q.length) + slack);
      }),
    );
  });
});

describe('sharesForStake', () => {
  it('matches the formula on a flat market and buys nothing for nothing', () => {
    expect(sharesForStake([0, 0], 100, 0, 10)).toBeCloseTo(100 * Math.log(1 + 2 * Math.expm1(0.1)), 12);
    expect(sharesForStake([0, 0], 100, 1, 0)).toBe(0);
  });

  it('is the Δ with C(q + Δe_i) − C(q) = s (relative 1e-9)', () => {
    fc.assert(
      fc.property(market(15), logUniform(0.01, 10_000), ({ q, b, i }, stake) => {
        const delta = sharesForStake(q, b, i, stake);
        const before = cost(q, b);
        const after = cost(withShares(q, i, delta), b);
        expect(Math.abs(after - before - stake)).toBeLessThanOrEqual(costDifferenceTolerance(stake, before, after));
      }),
    );
  });

  it('raises the bought price and lowers every other', () => {
    fc.assert(
      fc.property(market(5, 20, 1e4), logUniform(0.01, 10_000), ({ q, b, i }, stake) => {
        const before = prices(q, b);
        const after = prices(withShares(q, i, sharesForStake(q, b, i, stake)), b);
        for (const [j, pj] of before.entries()) {
          if (j === i) expect(after[j]!).toBeGreaterThan(pj);
          else expect(after[j]!).toBeLessThan(pj);
        }
      }),
    );
  });

  it('gives at least one share per unit staked, since every price is below 1', () => {
    fc.assert(
      fc.property(market(40), logUniform(0.01, 10_000), ({ q, b, i }, stake) => {
        expect(sharesForStake(q, b, i, stake)).toBeGreaterThanOrEqual(stake);
      }),
    );
  });

  it('switches to log space smoothly where p_i leaves the normal floats (q_i/b near −708)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 690, max: 730, noNaN: true }),
        logUniform(1e-3, 10),
        logUniform(1, 1e4),
        (gap, a, b) => {
          // p_i ≈ e^−gap, so Δ/b = ln(expm1(a)/p_i) + a negligible log1p(p_i/expm1(a)).
          const expected = b * (Math.log(Math.expm1(a)) + gap + Math.log1p(Math.exp(-gap)));
          const delta = sharesForStake([0, -gap * b], b, 1, a * b);
          expect(Math.abs(delta - expected)).toBeLessThanOrEqual(1e-13 * expected);
        },
      ),
    );
  });

  it('stays finite for |q/b| up to 1e5 and stakes from 1e-300 to 1e15', () => {
    fc.assert(
      fc.property(market(1e5), logUniform(1e-300, 1e15), ({ q, b, i }, stake) => {
        const delta = sharesForStake(q, b, i, stake);
        expect(Number.isFinite(delta) && delta >= 0).toBe(true);
      }),
    );
  });

  it('refuses a negative stake or an unknown outcome', () => {
    expect(() => sharesForStake([0, 0], 1, 0, -1)).toThrow(RangeError);
    expect(() => sharesForStake([0, 0], 1, 2, 1)).toThrow(/out of range/);
  });
});

describe('proceedsForShares', () => {
  it('is C(q) − C(q − k e_i), on both sides of the log1p / log-space switch', () => {
    fc.assert(
      fc.property(market(15), logUniform(1e-6, 50), ({ q, b, i }, kOverB) => {
        const k = kOverB * b;
        const before = cost(q, b);
        const after = cost(withShares(q, i, -k), b);
        const r = proceedsForShares(q, b, i, k);
        expect(Math.abs(r - (before - after))).toBeLessThanOrEqual(costDifferenceTolerance(r, before, after));
      }),
    );
  });

  it('pays between 0 and the shares’ value at price 1, and nothing for nothing', () => {
    expect(proceedsForShares([0, 0], 100, 0, 0)).toBe(0);
    fc.assert(
      fc.property(market(1e5), logUniform(1e-300, 1e15), ({ q, b, i }, k) => {
        const r = proceedsForShares(q, b, i, k);
        expect(Number.isFinite(r) && r >= 0 && r <= k).toBe(true);
      }),
    );
  });

  it('returns the stake, up to float rounding, when the shares just bought are sold at once', () => {
    fc.assert(
      fc.property(market(15), logUniform(0.01, 10_000), ({ q, b, i }, stake) => {
        const delta = sharesForStake(q, b, i, stake);
        const back = proceedsForShares(withShares(q, i, delta), b, i, delta);
        expect(Math.abs(back - stake)).toBeLessThanOrEqual(1e-12 * stake);
      }),
    );
  });
});

describe('initialQ', () => {
  it('reproduces the initial prices and starts the market at zero cost', () => {
    const weights = fc.array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 2, maxLength: 20 });
    fc.assert(
      fc.property(weights, logUniform(1, 1e6), (w, b) => {
        const total = w.reduce((s, x) => s + x, 0);
        const p0 = w.map((x) => x / total);
        const q0 = initialQ(p0, b);
        for (const [j, pj] of prices(q0, b).entries()) expect(Math.abs(pj - p0[j]!)).toBeLessThanOrEqual(1e-12);
        expect(Math.abs(cost(q0, b))).toBeLessThanOrEqual(1e-12 * b);
      }),
    );
  });

  it('refuses prices that are not positive or do not sum to 1', () => {
    expect(() => initialQ([0.5, 0.4], 10)).toThrow(/sum to 1/);
    expect(() => initialQ([1, 0], 10)).toThrow(RangeError);
    expect(() => initialQ([0.5, 0.5], -1)).toThrow(RangeError);
  });
});

describe('limitFillThreshold', () => {
  it('is 1 at limit 1, 0 at limit 0 and grows with the limit', () => {
    fc.assert(
      fc.property(
        logUniform(1, 1e6),
        logUniform(0.01, 1e6),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (b, stake, l) => {
          expect(limitFillThreshold(b, stake, 1)).toBeCloseTo(1, 12);
          expect(limitFillThreshold(b, stake, 0)).toBe(0);
          const lower = limitFillThreshold(b, stake, l * 0.9);
          const t = limitFillThreshold(b, stake, l);
          expect(t >= 0 && t <= 1 && lower <= t).toBe(true);
        },
      ),
    );
  });

  it('says p_i ≤ threshold exactly when the average price s/Δ is at most the limit, away from the edge', () => {
    fc.assert(
      fc.property(
        market(10, 8),
        logUniform(0.01, 10_000),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        ({ q, b, i }, stake, l) => {
          const average = stake / sharesForStake(q, b, i, stake);
          fc.pre(Math.abs(average - l) > 1e-9 * l);
          expect(prices(q, b)[i]! <= limitFillThreshold(b, stake, l)).toBe(average <= l);
        },
      ),
    );
  });

  it('goes to log space instead of Infinity/Infinity when s/b is hundreds or more', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 700, max: 1e4, noNaN: true }),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        (a, l) => {
          const t = limitFillThreshold(1, a, l);
          const expected = Math.exp(a - a / l); // the e^−a corrections are below float resolution here
          expect(Number.isFinite(t)).toBe(true);
          expect(Math.abs(t - expected)).toBeLessThanOrEqual(1e-9 * expected + 1e-300);
        },
      ),
    );
  });
});
