import { describe, expect, it } from 'vitest';
import { formatsFor, maxPriceFor, minPriceFor } from './format.js';

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

  it("writes the ticket's return with its sign, and amounts to edit without grouping in the locale's marks", () => {
    expect(formatsFor('en', null).signedPercent(1.011)).toBe('+101.1%');
    expect(formatsFor('de', null).signedPercent(-0.05)).toBe('-5\u00a0%');
    expect(formatsFor('en', 'USD').amountInput('1234.5')).toBe('1234.50');
    expect(formatsFor('de', 'EUR').amountInput('87.5')).toBe('87,50');
  });

  it('writes a coming moment as near as it is: a time today, tomorrow and a time, or a date', () => {
    const now = new Date(2026, 5, 2, 9, 30);
    // ICU's space before AM/PM differs between builds (a narrow no-break space in newer ones).
    const en = (iso: string) => formatsFor('en', null).when(iso, now).replace(/\s/g, ' ');
    expect(en(new Date(2026, 5, 2, 14, 0).toISOString())).toBe('2:00 PM');
    expect(en(new Date(2026, 5, 3, 14, 0).toISOString())).toBe('tomorrow 2:00 PM');
    expect(en(new Date(2026, 5, 9, 14, 0).toISOString())).toBe('Jun 9, 2026, 2:00 PM');
    expect(formatsFor('de', null).when(new Date(2026, 5, 3, 14, 0).toISOString(), now)).toBe('morgen 14:00');
  });
});

describe('the formats of cards and holdings', () => {
  it('writes shares with two decimals, as the amounts beside them', () => {
    expect(formatsFor('en', null).shares('59.4')).toBe('59.40');
    expect(formatsFor('de', null).shares('1234.567')).toBe('1.234,57');
  });

  it('writes a volume in few characters, with the operator currency or unit', () => {
    expect(formatsFor('en', 'USD').compactMoney('1234.50')).toBe('$1.2K');
    expect(formatsFor('en', null).compactMoney('165.00')).toBe('165');
    expect(formatsFor('en', 'pts').compactMoney('12000')).toBe('12K\u00a0pts');
  });

  it('writes a day without its time, with the year only when it is not this one', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(formatsFor('en', null).day('2026-11-03T12:00:00Z', now)).toBe('Nov 3');
    expect(formatsFor('en', null).day('2025-11-03T12:00:00Z', now)).toBe('Nov 3, 2025');
  });
});
