import { describe, expect, it } from 'vitest';
import { formatPercent } from './price-percent.js';

const nbsp = (text: string) => text.replace(' ', '\u00a0');

describe('formatPercent', () => {
  it('reads micro-units as a percentage with one decimal, rounded half up', () => {
    expect(formatPercent(463_452n)).toBe(nbsp('46.3 %'));
    expect(formatPercent(463_450n)).toBe(nbsp('46.3 %'));
    expect(formatPercent(463_550n)).toBe(nbsp('46.4 %'));
    expect(formatPercent(500_000n)).toBe(nbsp('50.0 %'));
    expect(formatPercent(1_000n)).toBe(nbsp('0.1 %'));
    expect(formatPercent(0n)).toBe(nbsp('0.0 %'));
    expect(formatPercent(1_000_000n)).toBe(nbsp('100.0 %'));
  });

  it('never reads a price strictly between 0 and 1 as 0 % or 100 %', () => {
    expect(formatPercent(1n)).toBe(nbsp('<0.1 %'));
    expect(formatPercent(499n)).toBe(nbsp('<0.1 %'));
    expect(formatPercent(500n)).toBe(nbsp('0.1 %'));
    expect(formatPercent(999_499n)).toBe(nbsp('99.9 %'));
    expect(formatPercent(999_500n)).toBe(nbsp('>99.9 %'));
    expect(formatPercent(999_999n)).toBe(nbsp('>99.9 %'));
  });

  it('refuses what is not a price', () => {
    expect(() => formatPercent(-1n)).toThrow(RangeError);
    expect(() => formatPercent(1_000_001n)).toThrow(RangeError);
  });
});
