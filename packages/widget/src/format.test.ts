import { describe, expect, it } from 'vitest';
import { chance, maxPriceFor, minPriceFor, signedMoney, stakeOf } from './format.js';

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
    expect(chance('0.5123', 'en')).toBe('51%');
    expect(chance('0.05', 'en')).toBe('5%');
    expect(signedMoney('4.76', 'en')).toBe('+4.76');
    expect(signedMoney('-5.00', 'de')).toBe('-5,00');
  });
});
