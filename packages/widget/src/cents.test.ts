import { describe, expect, it } from 'vitest';
import { amountOf, centsOf, sumAmounts } from './cents.js';

describe('amounts as whole cents', () => {
  it('reads and writes two-decimal amounts exactly, and cuts longer decimals down to the cent', () => {
    expect(centsOf('87.50')).toBe(8750n);
    expect(centsOf('-5.00')).toBe(-500n);
    expect(centsOf('20.31999999')).toBe(2031n);
    expect(amountOf(-500n)).toBe('-5.00');
  });

  it('sums amounts without a float in between', () => {
    expect(sumAmounts(['0.10', '0.20', '0.30'])).toBe('0.60');
    expect(sumAmounts(['19.99999999', '0.01'])).toBe('20.00');
    expect(sumAmounts([])).toBe('0.00');
  });
});
