import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteOpen } from './quotes.js';
import {
  dayCap,
  microOf,
  sandboxRefusal,
  sharesRoom,
  spreadCap,
  spreadOf,
  spreadRatio,
  withSandboxShares,
  type InfluenceBound,
} from './sandbox-influence.js';

/** ε = 0.01, b = 1000: the spread may reach 10 shares, a tenant environment trades 100 shares a day. */
const bound: InfluenceBound = { influenceMicro: microOf('0.01'), liquidityMicro: microOf('1000') };
const SHARE = 100_000_000n;

describe('the caps', () => {
  it('are ε·b and 10·ε·b shares, exactly, in 1e-8 units', () => {
    expect(spreadCap(bound)).toBe(10n * SHARE);
    expect(dayCap(bound)).toBe(100n * SHARE);
    // ε = 0.001, b = 0.5: 0.0005 share and 0.005 share.
    const small = { influenceMicro: microOf('0.001'), liquidityMicro: microOf('0.5') };
    expect(spreadCap(small)).toBe(50_000n);
    expect(dayCap(small)).toBe(500_000n);
  });

  it('reads decimals with up to six places', () => {
    expect(microOf('0.05')).toBe(50_000n);
    expect(microOf('1000.000001')).toBe(1_000_000_001n);
    expect(() => microOf('1e3')).toThrow(RangeError);
  });
});

describe('the spread', () => {
  it('is the largest outcome minus the smallest', () => {
    expect(spreadOf([5n, -2n, 3n])).toBe(7n);
    expect(spreadOf([0n, 0n])).toBe(0n);
    expect(withSandboxShares([1n, 2n], 1, -5n)).toEqual([1n, -3n]);
  });

  it('is shown over b with six decimals, rounded half up', () => {
    expect(spreadRatio([10n * SHARE, 0n], microOf('1000'))).toBe('0.010000');
    expect(spreadRatio([0n, 0n], microOf('1000'))).toBe('0.000000');
    // 1 unit over b = 1000: 1e-11, rounds to 0; 5e-7·b·1e8 units rounds half up to 0.000001.
    expect(spreadRatio([1n, 0n], microOf('1000'))).toBe('0.000000');
    expect(spreadRatio([50_000n, 0n], microOf('1000'))).toBe('0.000001');
  });
});

describe('the room an open has', () => {
  it('lets the spread reach ε·b and no further', () => {
    expect(sharesRoom({ qSandbox: [0n, 0n], outcome: 0, dayShares: 0n }, bound)).toEqual({
      fewest: 1n,
      most: 10n * SHARE,
    });
    // The other outcome holds 4 shares: this one may go from 0 up to 14.
    expect(sharesRoom({ qSandbox: [0n, 4n * SHARE], outcome: 0, dayShares: 0n }, bound)?.most).toBe(14n * SHARE);
  });

  it('is cut by what is left of the day', () => {
    const room = sharesRoom({ qSandbox: [0n, 0n], outcome: 0, dayShares: 97n * SHARE }, bound);
    expect(room?.most).toBe(3n * SHARE);
    expect(sharesRoom({ qSandbox: [0n, 0n], outcome: 0, dayShares: 100n * SHARE }, bound)).toBeNull();
  });

  it('asks an open on the smallest outcome to bring a spread above the cap back under it', () => {
    // 15 shares apart (closes widened it): buying the low side needs at least 5 shares, at most 25.
    const room = sharesRoom({ qSandbox: [0n, 15n * SHARE], outcome: 0, dayShares: 0n }, bound);
    expect(room).toEqual({ fewest: 5n * SHARE, most: 25n * SHARE });
    // Buying the high side cannot help.
    expect(sharesRoom({ qSandbox: [0n, 15n * SHARE], outcome: 1, dayShares: 0n }, bound)).toBeNull();
    // With three outcomes, two of which are already too far apart, no open helps.
    expect(sharesRoom({ qSandbox: [0n, 0n, 15n * SHARE], outcome: 0, dayShares: 0n }, bound)).toBeNull();
  });
});

describe('sandboxRefusal', () => {
  const q = [0, 0];
  const b = 1000;
  const open = (stake: bigint, qSandbox: bigint[] = [0n, 0n], dayShares = 0n) => {
    const quote = quoteOpen(q, b, 0, stake);
    if (!quote.ok) throw new Error(quote.code);
    return sandboxRefusal({ q, b, outcome: 0, shares: quote.shares, qSandbox, dayShares }, bound);
  };

  it('lets an open that keeps both rules through', () => {
    expect(open(400n)).toBeNull(); // 4.00 buys about 8 shares at 0.50
  });

  it('gives the largest stake that keeps both rules', () => {
    const refused = open(25_000n); // 250.00 would buy hundreds of shares
    expect(refused).not.toBeNull();
    const { remaining } = refused!;
    // The stake it names fits and a cent more does not.
    expect(open(remaining)).toBeNull();
    expect(open(remaining + 1n)).not.toBeNull();
    expect(remaining).toBeGreaterThan(400n);
    expect(remaining).toBeLessThan(600n);
  });

  it('names 0.00 when nothing fits', () => {
    expect(open(100n, [0n, 0n], 100n * SHARE)).toEqual({ remaining: 0n });
  });

  it('names no stake below the fewest shares that would bring the spread back', () => {
    // Far apart on the other side: even the largest fitting stake must buy at least 5 shares.
    const refused = open(1n, [0n, 15n * SHARE]);
    expect(refused!.remaining).toBeGreaterThan(0n);
    expect(open(refused!.remaining, [0n, 15n * SHARE])).toBeNull();
  });

  it('keeps, for any state and stake, the rules it names (property)', () => {
    const units = fc.bigInt({ min: -50n * SHARE, max: 50n * SHARE });
    fc.assert(
      fc.property(
        fc.tuple(units, units),
        fc.bigInt({ min: 0n, max: 120n * SHARE }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.integer({ min: 0, max: 1 }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        (qSandbox, dayShares, stake, outcome, tilt) => {
          const market = [tilt, 0];
          const sharesOf = (s: bigint) => {
            const quote = quoteOpen(market, b, outcome, s);
            return quote.ok ? quote.shares : null;
          };
          const keeps = (shares: bigint) => {
            const after = withSandboxShares(qSandbox, outcome, shares);
            return spreadOf(after) <= spreadCap(bound) && dayShares + shares <= dayCap(bound);
          };
          const shares = sharesOf(stake);
          if (shares === null) return;
          const refused = sandboxRefusal({ q: market, b, outcome, shares, qSandbox, dayShares }, bound);
          // Refused exactly when the open would break a rule.
          expect(refused === null).toBe(keeps(shares));
          if (refused === null || refused.remaining === 0n) return;
          // The stake it names keeps both rules; one cent more does not.
          expect(keeps(sharesOf(refused.remaining)!)).toBe(true);
          const more = sharesOf(refused.remaining + 1n);
          expect(more === null || !keeps(more)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
