import { describe, expect, it } from 'vitest';
import { formatsFor, maxPriceFor, minPriceFor, stakeOf } from './format.js';

describe('the ticket arithmetic', () => {
  it('raises max_price by the slippage, rounding up, never past 1', () => {
    expect(maxPriceFor('0.5', 0.02)).toBe('0.510000');
    expect(maxPriceFor('0.333333', 0.01)).toBe('0.336667');
    expect(maxPriceFor('0.995', 0.05)).toBe('1.000000');
  });

  it('lowers min_price by the slippage, rounding down, never to 0', () => {
    expect(minPriceFor('0.5', 0.02)).toBe('0.490000');
    expect(minPriceFor('0.000001', 0.5)).toBe('0.000001');
  });

  it('reads stakes the way people type them', () => {
    expect(stakeOf('10')).toBe('10.00');
    expect(stakeOf(' 2,5 ')).toBe('2.50');
    expect(stakeOf('0.01')).toBe('0.01');
    for (const bad of ['', '0', '0.00', '1.234', '-1', 'ten', '1e3']) expect(stakeOf(bad), bad).toBeNull();
  });
});

describe('display', () => {
  it('shows prices as chances and profit with its sign', () => {
    const en = formatsFor('en', null);
    expect(en.chance('0.5123')).toBe('51%');
    expect(en.chance('0.05')).toBe('5%');
    expect(en.percent('0.4973')).toBe('49.7%');
    expect(en.signedMoney('4.76')).toBe('+4.76');
    expect(formatsFor('de', null).signedMoney('-5.00')).toBe('-5,00');
  });

  it("writes the operator's currency: an ISO code through Intl, anything else as a unit after the amount", () => {
    expect(formatsFor('en', 'USD').money('1234.5')).toBe('$1,234.50');
    expect(formatsFor('de', 'EUR').money('1234.5')).toBe('1.234,50\u00a0€');
    expect(formatsFor('en', 'pts').money('12')).toBe('12.00\u00a0pts');
    expect(formatsFor('de', 'pts').signedMoney('1569.7')).toBe('+1.569,70\u00a0pts');
  });
});
