import { describe, expect, it } from 'vitest';
import { shortDuration } from './duration.js';

const MIN = 60_000;

describe('shortDuration', () => {
  it.each([
    [-5_000, '< 1 min'],
    [0, '< 1 min'],
    [59_999, '< 1 min'],
    [MIN, '1 min'],
    [59 * MIN + 59_000, '59 min'],
    [60 * MIN, '1 h'],
    [3 * 60 * MIN + 20 * MIN + 30_000, '3 h 20 min'],
    [24 * 60 * MIN - 1, '23 h 59 min'],
    [24 * 60 * MIN, '1 d'],
    [2 * 24 * 60 * MIN + 4 * 60 * MIN + 59 * MIN, '2 d 4 h'],
    [45 * 24 * 60 * MIN, '45 d'],
  ])('%i ms reads "%s"', (ms, text) => {
    expect(shortDuration(ms)).toBe(text);
  });
});
