import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exposureOf } from './exposure.js';
import { houseResult, netTerms } from './exposure-terms.js';

describe('netTerms', () => {
  it('splits a line into terms that add up to its net', () => {
    const [yes, no] = exposureOf(
      ['yes', 'no'],
      [
        { outcomeId: 'yes', positions: 2, stake: 6000n, payoutIfWins: 12472n },
        { outcomeId: 'no', positions: 1, stake: 5000n, payoutIfWins: 9000n },
      ],
    );
    expect(netTerms(yes!)).toEqual({
      stakeOn: 6000n,
      stakeElsewhere: 5000n,
      stakeTaken: 11000n,
      paid: 12472n,
      house: { verb: 'pays', amount: 1472n },
    });
    expect(netTerms(no!)).toEqual({
      stakeOn: 5000n,
      stakeElsewhere: 6000n,
      stakeTaken: 11000n,
      paid: 9000n,
      house: { verb: 'keeps', amount: 2000n },
    });
  });

  it('keeps all the stake taken on an outcome nobody holds', () => {
    const [, nobody] = exposureOf(['a', 'b'], [{ outcomeId: 'a', positions: 1, stake: 1000n, payoutIfWins: 1909n }]);
    expect(netTerms(nobody!)).toEqual({
      stakeOn: 0n,
      stakeElsewhere: 1000n,
      stakeTaken: 1000n,
      paid: 0n,
      house: { verb: 'keeps', amount: 1000n },
    });
  });

  it('adds up for any open totals: on + elsewhere = taken, paid − taken = ± the amount', () => {
    const line = fc.record({
      positions: fc.nat(1000),
      stake: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      payoutIfWins: fc.bigInt({ min: 0n, max: 10n ** 13n }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), (lines) => {
        const ids = lines.map((_, i) => `o${i}`);
        const exposure = exposureOf(
          ids,
          lines.map((l, i) => ({ outcomeId: ids[i]!, ...l })),
        );
        const taken = lines.reduce((sum, l) => sum + l.stake, 0n);
        for (const l of exposure) {
          const t = netTerms(l);
          expect(t.stakeTaken).toBe(taken);
          expect(t.stakeOn + t.stakeElsewhere).toBe(t.stakeTaken);
          const signed = t.house.verb === 'pays' ? t.house.amount : -t.house.amount;
          expect(t.paid - t.stakeTaken).toBe(signed);
          expect(t.house.amount >= 0n).toBe(true);
        }
      }),
    );
  });
});

describe('houseResult', () => {
  it('says pays, keeps or breaks even, with an amount never below zero', () => {
    expect(houseResult(6472n)).toEqual({ verb: 'pays', amount: 6472n });
    expect(houseResult(-1472n)).toEqual({ verb: 'keeps', amount: 1472n });
    expect(houseResult(0n)).toEqual({ verb: 'breaks even', amount: 0n });
  });
});
