import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exposureOf, type OutcomeOpenTotals } from './exposure.js';

const totals = (outcomeId: string, positions: number, stake: bigint, payoutIfWins: bigint): OutcomeOpenTotals => ({
  outcomeId,
  positions,
  stake,
  payoutIfWins,
});

describe('exposureOf', () => {
  it('nets each outcome’s payout against the open stake of the whole market', () => {
    const lines = exposureOf(['a', 'b', 'c'], [totals('a', 2, 3000n, 5727n), totals('b', 1, 1000n, 2099n)]);
    expect(lines).toEqual([
      { outcomeId: 'a', positions: 2, stake: 3000n, payoutIfWins: 5727n, netIfWins: 1727n },
      { outcomeId: 'b', positions: 1, stake: 1000n, payoutIfWins: 2099n, netIfWins: -1901n },
      { outcomeId: 'c', positions: 0, stake: 0n, payoutIfWins: 0n, netIfWins: -4000n },
    ]);
  });

  it('keeps the market’s outcome order, whatever order the totals come in', () => {
    const lines = exposureOf(['b', 'a'], [totals('a', 1, 100n, 150n), totals('b', 1, 100n, 250n)]);
    expect(lines.map((l) => l.outcomeId)).toEqual(['b', 'a']);
    expect(lines.map((l) => l.netIfWins)).toEqual([50n, -50n]);
  });

  it('is all zeros for a market nobody holds (as every market is once settled)', () => {
    expect(exposureOf(['a', 'b'], [])).toEqual([
      { outcomeId: 'a', positions: 0, stake: 0n, payoutIfWins: 0n, netIfWins: 0n },
      { outcomeId: 'b', positions: 0, stake: 0n, payoutIfWins: 0n, netIfWins: 0n },
    ]);
  });

  it('refuses totals of an outcome the market does not list', () => {
    expect(() => exposureOf(['a'], [totals('z', 1, 100n, 200n)])).toThrow(RangeError);
  });

  it('nets always sum the payouts minus n times the stake', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(50), fc.bigInt(0n, 10n ** 15n), fc.bigInt(0n, 10n ** 18n)), {
          minLength: 1,
          maxLength: 20,
        }),
        (rows) => {
          const ids = rows.map((_, i) => `o${i}`);
          const lines = exposureOf(
            ids,
            rows.map(([n, stake, payout], i) => totals(`o${i}`, n, stake, payout)),
          );
          const stake = rows.reduce((s, [, st]) => s + st, 0n);
          const payout = rows.reduce((s, [, , p]) => s + p, 0n);
          expect(lines.reduce((s, l) => s + l.netIfWins, 0n)).toBe(payout - BigInt(ids.length) * stake);
        },
      ),
    );
  });
});
