import { describe, expect, it } from 'vitest';
import {
  AUTO_REQUOTE_GAP_MS,
  checkStake,
  maxStake,
  priceAfter,
  QUOTE_MAX_AGE_MS,
  quoteFacts,
  readAmount,
  requoteAt,
} from './ticket-math.js';

describe('reading an amount', () => {
  it('takes the locale’s marks, a lone mark as the decimal, and Arabic-Indic digits', () => {
    const cases: [string, string, string][] = [
      ['10', 'en', '10.00'],
      [' 2,5 ', 'en', '2.50'],
      ['1,234.5', 'en', '1234.50'],
      ['1,234', 'en', '1234.00'],
      ['1.234,50', 'de', '1234.50'],
      ['1.234', 'de', '1234.00'],
      ['12.5', 'de', '12.50'],
      ['12,5', 'de', '12.50'],
      ['1 234,5', 'es', '1234.50'],
      ['١٢٫٥', 'ar', '12.50'],
      ['12.', 'en', '12.00'],
      ['.5', 'en', '0.50'],
      ['0.01', 'he', '0.01'],
    ];
    for (const [input, locale, stake] of cases)
      expect(readAmount(input, locale), `${input} ${locale}`).toEqual({ ok: true, stake });
  });

  it('names what is wrong: nothing typed, not an amount, zero', () => {
    expect(readAmount('  ', 'en')).toEqual({ ok: false, problem: 'empty' });
    for (const bad of ['1.234', '-1', 'ten', '1e3', '1.2.3', '.', '12,345,6', '€5', '12345678901234'])
      expect(readAmount(bad, 'en'), bad).toEqual({ ok: false, problem: 'format' });
    for (const zero of ['0', '0.00', ',0'])
      expect(readAmount(zero, 'de'), zero).toEqual({ ok: false, problem: 'zero' });
  });
});

describe('checking a stake', () => {
  it('refuses more than the balance, naming the balance', () => {
    expect(checkStake('87.50', 'en', { balance: '87.50', remaining: null })).toEqual({ ok: true, stake: '87.50' });
    expect(checkStake('87.51', 'en', { balance: '87.50', remaining: null })).toEqual({
      ok: false,
      problem: 'balance',
      cap: '87.50',
    });
  });

  it('refuses more than a known remaining limit, and names the tighter of the two', () => {
    expect(checkStake('30', 'en', { balance: '87.50', remaining: '25.00' })).toEqual({
      ok: false,
      problem: 'limit',
      cap: '25.00',
    });
    expect(checkStake('90', 'en', { balance: '20.00', remaining: '25.00' })).toEqual({
      ok: false,
      problem: 'balance',
      cap: '20.00',
    });
    expect(checkStake('5', 'en', { balance: null, remaining: null })).toEqual({ ok: true, stake: '5.00' });
  });

  it("refuses more than the player's own limit leaves, naming that limit when it is the tightest", () => {
    const player = { remaining: '12.50', limit: 'stake_per_day' as const };
    expect(checkStake('12.50', 'en', { balance: '87.50', remaining: null, player })).toEqual({
      ok: true,
      stake: '12.50',
    });
    expect(checkStake('13', 'en', { balance: '87.50', remaining: '30.00', player })).toEqual({
      ok: false,
      problem: 'player',
      cap: '12.50',
      limit: 'stake_per_day',
    });
    expect(checkStake('13', 'en', { balance: '10.00', remaining: null, player })).toEqual({
      ok: false,
      problem: 'balance',
      cap: '10.00',
    });
  });

  it('offers the lower of the balance and the remaining limit as the most', () => {
    expect(maxStake('87.50', null)).toBe('87.50');
    expect(maxStake('87.50', '25.00')).toBe('25.00');
    expect(maxStake('9.99', '25.00')).toBe('9.99');
    expect(maxStake(null, null)).toBeNull();
  });
});

/** LMSR as the service runs it: prices of q for depth b, and the shares a stake buys. */
const lmsrPrices = (q: number[], b: number) => {
  const e = q.map((x) => Math.exp(x / b));
  const sum = e.reduce((a, x) => a + x, 0);
  return e.map((x) => x / sum);
};
const sharesFor = (q: number[], b: number, i: number, stake: number) =>
  b * Math.log1p(Math.expm1(stake / b) / lmsrPrices(q, b)[i]!);

describe('what a quote means', () => {
  it('wins stake / price rounded down, with the profit and the return', () => {
    const facts = quoteFacts({ stake: '10.00', shares: '20.10857142', price: '0.497301' }, '0.49');
    expect(facts.payout).toBe('20.10'); // 10 / 0.497301 = 20.1085…, down to cents
    expect(facts.profit).toBe('10.10');
    expect(facts.returnRatio).toBeCloseTo(1.01, 6);
    expect(facts.impact).toBeCloseTo(0.007301, 9);
    expect(facts.confirm).toBe(false);
  });

  it('asks to confirm when the average price is more than 5 points over the shown price', () => {
    expect(quoteFacts({ stake: '100.00', shares: '180', price: '0.555556' }, '0.5').confirm).toBe(true);
    expect(quoteFacts({ stake: '100.00', shares: '190', price: '0.526316' }, '0.5').confirm).toBe(false);
  });

  it("finds the price after the order from the quote alone, as the market maker's rule gives it", () => {
    for (const [q, b, i, stake] of [
      [[0, 0], 100, 0, 10],
      [[0, 0], 100, 0, 1000],
      [[40, -20, 0], 500, 0, 1234.5],
      [[300, 0], 100, 1, 5],
      [[0, 0, 0, 0, 0], 1000, 3, 100_000],
    ] as [number[], number, number, number][]) {
      const shares = sharesFor(q, b, i, stake);
      const before = lmsrPrices(q, b)[i]!;
      const after = lmsrPrices(
        q.map((x, j) => (j === i ? x + shares : x)),
        b,
      )[i]!;
      expect(priceAfter(before, stake, shares), `${q} ${b} ${stake}`).toBeCloseTo(after, 6);
    }
  });

  it('answers the average price when the shown price is already at or above it', () => {
    expect(priceAfter(0.6, 10, 20)).toBe(0.5);
  });
});

describe('when a quote on screen is asked again', () => {
  const quote = { basis: '0.500000', at: 1_000_000 };

  it('asks at once when the price moved more than a point since the quote was asked, either way', () => {
    expect(requoteAt(quote, '0.511000', null)).toBe(quote.at);
    expect(requoteAt(quote, '0.489000', null)).toBe(quote.at);
  });

  it('keeps a quote whose price moved a point or less until it is 30 s old', () => {
    expect(requoteAt(quote, '0.500000', null)).toBe(quote.at + QUOTE_MAX_AGE_MS);
    expect(requoteAt(quote, '0.510000', null)).toBe(quote.at + QUOTE_MAX_AGE_MS);
    expect(requoteAt(quote, '0.490000', null)).toBe(quote.at + QUOTE_MAX_AGE_MS);
  });

  it('asks at most once in 10 s on its own, however often the price moves', () => {
    const last = quote.at + 4_000;
    expect(requoteAt(quote, '0.600000', last)).toBe(last + AUTO_REQUOTE_GAP_MS);
    // An old automatic re-quote does not delay the next one.
    expect(requoteAt(quote, '0.600000', quote.at - 60_000)).toBe(quote.at);
    expect(requoteAt(quote, '0.500000', quote.at + 25_000)).toBe(quote.at + 25_000 + AUTO_REQUOTE_GAP_MS);
  });
});

describe('the impact of a quote is measured from the price it was asked at', () => {
  it("keeps a large order's confirmation when the button's price rose after the quote", () => {
    // 100.00 quoted at 50 % (depth 100): 67.1 % on average. The button now says 70 %; the quote is of 50 %.
    const quote = { stake: '100.00', shares: '148.98801256', price: '0.671195' };
    const facts = quoteFacts(quote, '0.500000');
    expect(facts.impact).toBeCloseTo(0.171195, 6);
    expect(facts.shown).toBe(0.5);
    expect(facts.confirm).toBe(true);
    expect(facts.priceAfter).toBeCloseTo(0.8161, 3);
    expect(quoteFacts(quote, '0.700000').confirm).toBe(false); // what measuring from the button did
  });
});
