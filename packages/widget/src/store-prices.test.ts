import { describe, expect, it } from 'vitest';
import { shiftedChange } from './store.js';

describe('a card’s 24-hour change as the price moves', () => {
  it('moves with the price, the price a day ago staying where it was', () => {
    // 0.50 a day ago, 0.55 now: +0.05; the stream brings 0.58: +0.08.
    expect(shiftedChange('0.050000', '0.550000', '0.580000')).toBe('0.080000');
    expect(shiftedChange('0.050000', '0.550000', '0.450000')).toBe('-0.050000');
  });

  it('stays exact in the API’s six decimals, whatever the floats', () => {
    expect(shiftedChange('0.100001', '0.300001', '0.700003')).toBe('0.500003');
    expect(shiftedChange('0.000000', '0.333333', '0.333333')).toBe('0.000000');
  });
});
