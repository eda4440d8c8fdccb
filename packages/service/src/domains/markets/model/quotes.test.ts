import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { initialQ, prices, proceedsForShares, sharesForStake } from './lmsr.js';
import {
  displayPrices,
  formatPrice,
  limitOrderFill,
  limitOrderFillsByThreshold,
  MAX_SHARE_UNITS,
  parsePrice,
  PRICE_SCALE,
  quoteClose,
  quoteOpen,
  SHARE_SCALE,
  settledWinPayout,
} from './quotes.js';

// A 384-bit binary fixed-point reference, far below a float's ulp, to check rounding against the exact
// LMSR on the market's float q and b. Exponentials are taken relative to the smallest exponent, so they
// are big integers and never underflow.
const FRAC = 384n;
const ONE = 1n << FRAC;
const mul = (a: bigint, b: bigint) => (a * b) >> FRAC;
const div = (a: bigint, b: bigint) => (a << FRAC) / b;
const minOf = (v: bigint[]) => v.reduce((a, c) => (c < a ? c : a));
function fixed(x: number): bigint {
  let [m, e] = [x, 0n];
  while (!Number.isInteger(m)) [m, e] = [m * 2, e + 1n];
  return (BigInt(m) << FRAC) >> e;
}
/** 2·atanh(z) = ln((1 + z)/(1 − z)), for |z| ≤ 1/3. */
function atanhTwice(z: bigint): bigint {
  let [term, sum] = [z, 0n];
  for (let k = 1n; term !== 0n; k += 2n) [sum, term] = [sum + term / k, mul(mul(term, z), z)];
  return 2n * sum;
}
const LN2 = atanhTwice(ONE / 3n);
function ln(y: bigint): bigint {
  const k = BigInt(y.toString(2).length) - FRAC - 1n;
  const m = k >= 0n ? y >> k : y << -k;
  return atanhTwice(div(m - ONE, m + ONE)) + k * LN2;
}
function exp(x: bigint): bigint {
  const n = x >= 0n ? x / LN2 : -((-x + LN2 - 1n) / LN2);
  const r = x - n * LN2;
  let [sum, term] = [ONE, ONE];
  for (let k = 1n; term !== 0n; k += 1n) {
    term = mul(term, r) / k;
    sum += term;
  }
  return n >= 0n ? sum << n : sum >> -n;
}
const totalExp = (x: bigint[], low: bigint) => x.reduce((s, xj) => s + exp(xj - low), 0n);
/** Exact Δ for the exact stake stakeMinor/100, in fixed point. */
function exactShares(q: number[], b: number, i: number, stakeMinor: bigint): bigint {
  const [bb, x] = [fixed(b), q.map((v) => div(fixed(v), fixed(b)))];
  const a = div((stakeMinor << FRAC) / 100n, bb);
  const low = minOf(x);
  return mul(bb, ln(ONE + div(mul(exp(a) - ONE, totalExp(x, low)), exp(x[i]! - low))));
}
/** Exact R = C(q) − C(q − k e_i) for k = units/1e8, in fixed point. */
function exactProceeds(q: number[], b: number, i: number, units: bigint): bigint {
  const [bb, x] = [fixed(b), q.map((v) => div(fixed(v), fixed(b)))];
  const a = div((units << FRAC) / SHARE_SCALE, bb);
  const after = x.map((xj, j) => (j === i ? xj - a : xj));
  const low = minOf(after);
  return mul(bb, ln(totalExp(x, low)) - ln(totalExp(after, low)));
}
const relativeError = (f: number, exact: bigint) => Number(((fixed(f) - exact) * 2n ** 80n) / exact) / 2 ** 80;

const logUniform = (lo: number, hi: number) =>
  fc.double({ min: Math.log10(lo), max: Math.log10(hi), noNaN: true }).map((u) => 10 ** u);
const cents = (lo: number, hi: number) => logUniform(lo, hi).map((v) => BigInt(Math.round(v)));
const market = (maxX: number, maxN: number, bMax: number) =>
  fc
    .tuple(
      logUniform(1, bMax),
      fc.array(fc.double({ min: -maxX, max: maxX, noNaN: true }), { minLength: 2, maxLength: maxN }),
    )
    .chain(([b, xs]) => fc.nat({ max: xs.length - 1 }).map((i) => ({ b, q: xs.map((x) => x * b), i })));

describe('the exact reference', () => {
  it('agrees with Math.exp and Math.log, and gives the flat-market quote its exact shares', () => {
    for (const x of [-30, -1, 1e-9, 0.5, 1, 30])
      expect(Math.abs(relativeError(Math.exp(x), exp(fixed(x))))).toBeLessThanOrEqual(2 ** -52);
    for (const y of [1e-9, 0.5, 2, 1e6])
      expect(Math.abs(relativeError(Math.log(y), ln(fixed(y))))).toBeLessThanOrEqual(2 ** -52);
    expect((exactShares([0, 0], 100, 0, 1000n) * SHARE_SCALE) >> FRAC).toBe(1909028289n);
  });
});

describe('quoteOpen', () => {
  it('quotes a flat market', () => {
    expect(quoteOpen([0, 0], 100, 0, 1000n)).toEqual({
      ok: true,
      shares: 1909028289n,
      priceMicro: 523827n,
      qAfter: [19.09028289, 0],
    });
    expect(() => quoteOpen([0, 0], 100, 0, 0n)).toThrow(RangeError);
  });

  it('rounds the exact shares down to 1e-8, never up, and by no more than the float-error shave and one unit', () => {
    fc.assert(
      fc.property(market(20, 6, 1e5), cents(1, 1e6), ({ q, b, i }, stakeMinor) => {
        const quote = quoteOpen(q, b, i, stakeMinor);
        fc.pre(quote.ok);
        const exactUnits = (exactShares(q, b, i, stakeMinor) * SHARE_SCALE) >> FRAC;
        expect(quote.shares).toBeLessThanOrEqual(exactUnits);
        expect(quote.shares).toBeGreaterThanOrEqual(exactUnits - exactUnits / 10n ** 12n - 1n); // shave ≤ 1e-12
      }),
    );
  });

  it('shaves the float error first: flooring the float Δ alone would give a unit not paid for here', () => {
    // sharesForStake·1e8 = 543439769452.0… in float, but the exact Δ·1e8 is 543439769451.9…
    expect(Math.floor(sharesForStake([6963, 0], 633, 1, 54.18) * 1e8)).toBe(543439769452);
    expect((exactShares([6963, 0], 633, 1, 5418n) * SHARE_SCALE) >> FRAC).toBe(543439769451n);
    expect(quoteOpen([6963, 0], 633, 1, 5418n)).toMatchObject({ ok: true, shares: 543439769451n });
  });

  it('prices at stake/shares rounded up to the micro, at or above the pre-trade price, below 1; a win pays ≤ the shares', () => {
    fc.assert(
      fc.property(market(15, 20, 1e6), cents(1, 1e6), ({ q, b, i }, stakeMinor) => {
        const quote = quoteOpen(q, b, i, stakeMinor);
        fc.pre(quote.ok);
        const scaled = (stakeMinor * PRICE_SCALE * SHARE_SCALE) / 100n; // price·shares in micro·units
        expect(quote.priceMicro * quote.shares).toBeGreaterThanOrEqual(scaled);
        expect((quote.priceMicro - 1n) * quote.shares).toBeLessThan(scaled);
        expect(Number(quote.priceMicro)).toBeGreaterThanOrEqual(prices(q, b)[i]! * 1e6 * (1 - 1e-9));
        expect(quote.priceMicro).toBeLessThan(PRICE_SCALE);
        expect(quote.qAfter).toEqual(q.map((qj, j) => (j === i ? qj + Number(quote.shares) / 1e8 : qj)));
        const payout = settledWinPayout(stakeMinor, quote.priceMicro); // a win pays at least the stake, at most the shares
        expect(payout >= stakeMinor && payout <= quote.shares / (SHARE_SCALE / 100n)).toBe(true);
      }),
    );
  });

  it('buys at least 0.01 share with one cent, so a valid stake is never too small', () => {
    fc.assert(
      fc.property(market(15, 20, 1e6), ({ q, b, i }) => {
        const quote = quoteOpen(q, b, i, 1n);
        if (quote.ok) expect(quote.shares).toBeGreaterThanOrEqual(1_000_000n);
        else expect(quote.code).toBe('stake_too_large'); // p_i within a micro of 1
      }),
    );
  });

  it('refuses a stake whose price rounds to 1, and a market float64 cannot price', () => {
    expect(quoteOpen([0, 0], 1, 0, 10n ** 15n)).toEqual({ ok: false, code: 'stake_too_large' });
    expect(quoteOpen([1e308, -1e308], 1e-10, 0, 100n)).toEqual({ ok: false, code: 'not_representable' });
    expect(quoteOpen([1e8, 0], 1, 1, 100n)).toEqual({ ok: false, code: 'not_representable' });
  });

  it('refuses a stake that would buy more shares than a position stores (audit: a 500 at insert)', () => {
    // The deepest market the platform can create, one outcome at the lowest price, the largest stake.
    const b = 1e12;
    const q = initialQ([0.000001, 0.999999], b);
    expect(Number(sharesForStake(q, b, 0, 1e13)) * 1e8).toBeGreaterThan(Number(MAX_SHARE_UNITS));
    expect(quoteOpen(q, b, 0, 10n ** 15n)).toEqual({ ok: false, code: 'not_representable' });
    const fits = quoteOpen(q, b, 0, 10n ** 6n);
    expect(fits.ok && fits.shares <= MAX_SHARE_UNITS).toBe(true);
  });

  it('gives a sane quote or a named failure, never NaN, for q/b to ±1e4 and stakes to 10^13', () => {
    fc.assert(
      fc.property(market(1e4, 20, 1e6), cents(1, 1e15), ({ q, b, i }, stakeMinor) => {
        const quote = quoteOpen(q, b, i, stakeMinor);
        if (!quote.ok) {
          expect(['stake_too_large', 'not_representable']).toContain(quote.code);
          return;
        }
        expect(quote.shares > 0n && quote.priceMicro > 0n && quote.priceMicro < PRICE_SCALE).toBe(true);
        expect(quote.qAfter.every(Number.isFinite)).toBe(true);
      }),
    );
  });
});

describe('quoteClose', () => {
  it('quotes a flat market and refuses what is worth less than a cent', () => {
    expect(quoteClose([0, 0], 100, 0, 100_000_000n)).toEqual({
      ok: true,
      proceedsMinor: 49n,
      closePriceMicro: 490000n,
      qAfter: [-1, 0],
    });
    expect(quoteClose([0, 0], 100, 0, 1n)).toEqual({ ok: false, code: 'proceeds_too_small' });
    expect(() => quoteClose([0, 0], 100, 0, 0n)).toThrow(RangeError);
  });

  it('rounds the exact proceeds down to the cent, never up', () => {
    fc.assert(
      fc.property(market(20, 6, 1e5), cents(1e6, 1e12), ({ q, b, i }, shares) => {
        const quote = quoteClose(q, b, i, shares);
        const exactCents = (exactProceeds(q, b, i, shares) * 100n) >> FRAC;
        if (!quote.ok) {
          expect(exactCents).toBeLessThanOrEqual(1n);
          return;
        }
        expect(quote.proceedsMinor).toBeLessThanOrEqual(exactCents);
        expect(quote.proceedsMinor).toBeGreaterThanOrEqual(exactCents - 1n);
        expect(quote.closePriceMicro).toBe((quote.proceedsMinor * 10n ** 12n) / shares || 1n);
        expect(quote.qAfter[i]).toBe(q[i]! - Number(shares) / 1e8);
      }),
    );
  });

  it('pays less than the shares would at price 1 even when the price rounds to 1', () => {
    const quote = quoteClose([40, 0], 1, 0, 100_000_000n);
    expect(proceedsForShares([40, 0], 1, 0, 1)).toBe(1); // clamped: the float R rounds to k
    expect(quote).toMatchObject({ ok: true, proceedsMinor: 99n, closePriceMicro: 990000n });
  });

  it('returns at most the stake, and at most two cents less, for shares sold right after buying', () => {
    fc.assert(
      fc.property(market(15, 20, 1e6), cents(1, 1e6), ({ q, b, i }, stakeMinor) => {
        const open = quoteOpen(q, b, i, stakeMinor);
        fc.pre(open.ok);
        const close = quoteClose(open.qAfter, b, i, open.shares);
        const proceeds = close.ok ? close.proceedsMinor : 0n;
        expect(proceeds).toBeLessThanOrEqual(stakeMinor);
        expect(stakeMinor - proceeds).toBeLessThanOrEqual(2n);
      }),
    );
  });
});

describe('the float engine against the exact reference', () => {
  it('errs by well under the bound the quotes shave off before rounding', () => {
    fc.assert(
      fc.property(market(20, 6, 1e5), cents(1, 1e6), ({ q, b, i }, amount) => {
        const spread = Math.max(...q.map((qj) => Math.abs(qj / b)));
        const bound = Number.EPSILON * (2 * spread + 4); // quotes shave ε·(8·spread + 32)
        const delta = sharesForStake(q, b, i, Number(amount) / 100);
        expect(Math.abs(relativeError(delta, exactShares(q, b, i, amount)))).toBeLessThanOrEqual(bound);
        const exact = exactProceeds(q, b, i, amount * 1000n);
        fc.pre(exact > ONE >> 200n); // below ~1e-60 the reference itself runs out of bits
        const r = proceedsForShares(q, b, i, Number(amount) / 1e5);
        expect(Math.abs(relativeError(r, exact))).toBeLessThanOrEqual(bound);
      }),
    );
  });
});

describe('settledWinPayout', () => {
  it('divides the stake by the price at open, rounding down', () => {
    expect(settledWinPayout(1000n, 523827n)).toBe(1909n);
    expect(settledWinPayout(1n, 999_999n)).toBe(1n);
    expect(() => settledWinPayout(100n, 0n)).toThrow(RangeError);
  });
});

type Op = { open: true; outcome: number; stakeMinor: bigint } | { open: false; pick: number };
const ops = fc.array(
  fc.oneof(
    fc.record({ open: fc.constant(true as const), outcome: fc.nat(), stakeMinor: cents(1, 1e6) }),
    fc.record({ open: fc.constant(false as const), pick: fc.nat() }),
  ),
  { maxLength: 40 },
);

/** Plays opens and closes; per outcome w, what the house keeps if w wins (cents). */
function houseResult(q0: number[], b: number, script: Op[]): bigint[] {
  let [q, net] = [q0, 0n];
  const held: { i: number; stakeMinor: bigint; priceMicro: bigint; shares: bigint }[] = [];
  for (const op of script) {
    if (op.open) {
      const i = op.outcome % q.length;
      const quote = quoteOpen(q, b, i, op.stakeMinor);
      if (!quote.ok) continue;
      [q, net] = [quote.qAfter, net + op.stakeMinor];
      held.push({ i, stakeMinor: op.stakeMinor, priceMicro: quote.priceMicro, shares: quote.shares });
    } else if (held.length > 0) {
      const index = op.pick % held.length;
      const quote = quoteClose(q, b, held[index]!.i, held[index]!.shares);
      if (!quote.ok) continue; // worth under a cent: the position stays open
      [q, net] = [quote.qAfter, net - quote.proceedsMinor];
      held.splice(index, 1);
    }
  }
  return q.map((_, w) =>
    held.filter((p) => p.i === w).reduce((s, p) => s - settledWinPayout(p.stakeMinor, p.priceMicro), net),
  );
}

describe('the house', () => {
  it('loses at most b·ln n on a uniformly started market, whatever is opened and closed', () => {
    fc.assert(
      fc.property(logUniform(1, 1e5), fc.integer({ min: 2, max: 6 }), ops, (b, n, script) => {
        const worst = -100 * b * Math.log(n) * (1 + 1e-9);
        for (const kept of houseResult(new Array<number>(n).fill(0), b, script))
          expect(Number(kept)).toBeGreaterThanOrEqual(worst);
      }),
    );
  });

  it('comes within cents of b·ln n when one outcome is bought up', () => {
    const kept = houseResult([0, 0], 100, [{ open: true, outcome: 0, stakeMinor: 10n ** 8n }]);
    expect(Number(kept[0])).toBeGreaterThanOrEqual(-100 * 100 * Math.LN2);
    expect(Number(kept[0])).toBeLessThan(-0.99 * 100 * 100 * Math.LN2);
  });

  it('loses up to b·ln(1/p_w) when w started at price p_w, which exceeds b·ln n for unlikely outcomes', () => {
    const weights = fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(logUniform(1, 1e5), weights, ops, (b, w, script) => {
        const p0 = w.map((x) => x / w.reduce((s, y) => s + y, 0));
        for (const [j, kept] of houseResult(initialQ(p0, b), b, script).entries()) {
          expect(Number(kept)).toBeGreaterThanOrEqual(100 * b * Math.log(p0[j]!) * (1 + 1e-9));
        }
      }),
    );
    const kept = houseResult(initialQ([0.01, 0.99], 100), 100, [{ open: true, outcome: 0, stakeMinor: 10n ** 8n }]);
    expect(Number(kept[0])).toBeLessThan(-100 * 100 * Math.LN2);
  });
});

describe('displayPrices', () => {
  it('rounds to the nearest micro and keeps every shown price strictly between 0 and 1', () => {
    expect(displayPrices([800, -800, 0], 1)).toEqual([999_999n, 1n, 1n]);
    fc.assert(
      fc.property(market(1e3, 20, 1e6), ({ q, b }) => {
        const p = prices(q, b);
        displayPrices(q, b).forEach((micro, j) => {
          expect(micro >= 1n && micro <= 999_999n).toBe(true);
          expect(Math.abs(Number(micro) - Math.min(Math.max(p[j]! * 1e6, 1), 999_999))).toBeLessThanOrEqual(0.5);
        });
      }),
    );
  });
});

describe('formatPrice and parsePrice', () => {
  it('format with six decimals and parse the accepted forms', () => {
    expect([523000n, 0n, 1_000_000n, 7n].map(formatPrice)).toEqual(['0.523000', '0.000000', '1.000000', '0.000007']);
    expect(['0', '1', '0.5', '0.123456', '1.000000', '0.000001'].map(parsePrice)).toEqual([
      0n,
      1_000_000n,
      500_000n,
      123_456n,
      1_000_000n,
      1n,
    ]);
    expect(() => formatPrice(-1n)).toThrow(RangeError);
  });

  it('refuse signs, exponents, spaces, a leading point, a seventh decimal and values above 1', () => {
    const bad = [
      '',
      '.5',
      '0.',
      '1.000001',
      '1.5',
      '2',
      '-0.5',
      '+0.5',
      '0.1234567',
      ' 0.5',
      '0.5 ',
      '5e-1',
      '00.5',
      '0,5',
      '０.5',
      '0x1',
    ];
    for (const text of bad) expect(parsePrice(text)).toBeNull();
  });

  it('round-trip every micro from 0 to 1 and every decimal text', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: PRICE_SCALE }), (m) => parsePrice(formatPrice(m)) === m));
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 6 });
    fc.assert(fc.property(digits, (d) => formatPrice(parsePrice(`0.${d}`)!) === `0.${d.padEnd(6, '0')}`));
  });
});

describe('limit orders', () => {
  it('follow the exact price at the edge: one cent on a flat market, limit 0.500025', () => {
    // Exactly s/Δ = 0.50002499875…, within the limit, so the float check says fill; but Δ rounded
    // down to 0.01999900 makes the price 0.50002500125…, charged as 0.500026, above the limit.
    expect(limitOrderFillsByThreshold([0, 0], 100, 0, 1n, 500_025n)).toBe(true);
    expect(quoteOpen([0, 0], 100, 0, 1n)).toMatchObject({ ok: true, shares: 1_999_900n, priceMicro: 500_026n });
    expect(limitOrderFill([0, 0], 100, 0, 1n, 500_025n)).toEqual({ fills: false, code: 'above_limit' });
  });

  it('fill exactly when the exact open price is at or below the limit, and the float check agrees but at the edge', () => {
    const near = fc.integer({ min: -3, max: 3 });
    fc.assert(
      fc.property(market(10, 8, 1e5), cents(1, 1e6), near, ({ q, b, i }, stakeMinor, offset) => {
        const quote = quoteOpen(q, b, i, stakeMinor);
        fc.pre(quote.ok);
        const limit = quote.priceMicro + BigInt(offset);
        const fill = limitOrderFill(q, b, i, stakeMinor, limit);
        expect(fill).toEqual(offset >= 0 ? { fills: true, quote } : { fills: false, code: 'above_limit' });
        const byThreshold = limitOrderFillsByThreshold(q, b, i, stakeMinor, limit);
        // Shares rounded down (≤ 1 micro) and the price rounded up (< 1 micro) make the exact price the higher.
        if (byThreshold !== fill.fills) expect(byThreshold && offset >= -2).toBe(true);
      }),
    );
  });

  it('agree with the float check away from the edge, including at limits 0 and 1', () => {
    fc.assert(
      fc.property(
        market(10, 8, 1e5),
        cents(1, 1e6),
        fc.bigInt({ min: 0n, max: PRICE_SCALE }),
        ({ q, b, i }, stakeMinor, limit) => {
          const quote = quoteOpen(q, b, i, stakeMinor);
          fc.pre(quote.ok && (quote.priceMicro - limit > 2n || limit - quote.priceMicro > 1n));
          expect(limitOrderFillsByThreshold(q, b, i, stakeMinor, limit)).toBe(
            limitOrderFill(q, b, i, stakeMinor, limit).fills,
          );
        },
      ),
    );
    expect(limitOrderFill([0, 0], 100, 0, 1000n, PRICE_SCALE).fills).toBe(true);
    expect(limitOrderFill([0, 0], 100, 0, 1000n, 0n)).toEqual({ fills: false, code: 'above_limit' });
  });
});
