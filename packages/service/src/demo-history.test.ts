import { describe, expect, it } from 'vitest';
import { demoHistory } from './demo-history.js';

const end = new Date('2026-06-10T12:00:00.000Z');
const DAY = 86_400_000;
const options = { prices: [0.35, 0.65], b: 500, end, days: 7, seed: 7, drift: 6 };

describe('demoHistory', () => {
  it('is the same for the same seed, and another for another', () => {
    expect(demoHistory(options)).toEqual(demoHistory(options));
    expect(demoHistory({ ...options, seed: 8 })).not.toEqual(demoHistory(options));
  });

  it('covers the days before end, oldest first, at irregular times, ending at the starting prices', () => {
    const points = demoHistory(options);
    const times = points.map((p) => p.ts.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]!).toBeGreaterThan(end.getTime() - 7 * DAY);
    expect(times[0]!).toBeLessThan(end.getTime() - 6.5 * DAY);
    expect(times.at(-1)!).toBeLessThan(end.getTime());
    expect(points.at(-1)!.prices).toEqual([350_000n, 650_000n]);
    const gaps = new Set(times.slice(1).map((t, i) => t - times[i]!));
    expect(gaps.size).toBeGreaterThan(points.length / 2);
    // Enough points in the last day for a day's chart to move.
    expect(times.filter((t) => t > end.getTime() - DAY).length).toBeGreaterThanOrEqual(8);
  });

  it('moves the prices, keeping them strictly between 0 and 1 and summing to about 1', () => {
    const points = demoHistory({ ...options, prices: [0.45, 0.35, 0.2], seed: 3 });
    const first = points[0]!.prices;
    expect(first).not.toEqual(points.at(-1)!.prices);
    for (const { prices } of points) {
      expect(prices).toHaveLength(3);
      for (const p of prices) expect(p > 40_000n && p < 960_000n).toBe(true);
      const sum = prices.reduce((s, p) => s + p, 0n);
      expect(sum >= 999_997n && sum <= 1_000_003n).toBe(true);
    }
  });
});
