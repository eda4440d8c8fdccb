import { describe, expect, it } from 'vitest';
import { percent, successRate } from './endpoint-health.js';

describe('successRate', () => {
  it('is delivered over sent, the attempts not sent left out', () => {
    expect(successRate({ sent: 4, delivered: 3 })).toBe(0.75);
    expect(successRate({ sent: 0, delivered: 0 })).toBeNull();
  });
});

describe('percent', () => {
  it('keeps one decimal, rounded down so that only all of them is 100 %', () => {
    expect(percent(1)).toBe('100 %');
    expect(percent(0)).toBe('0 %');
    expect(percent(0.75)).toBe('75 %');
    expect(percent(2 / 3)).toBe('66.6 %');
    expect(percent(1999 / 2000)).toBe('99.9 %');
    expect(percent(0.07)).toBe('7 %');
  });
});
