import { describe, expect, it } from 'vitest';
import {
  changeOf,
  indexAfterKey,
  labelledTicks,
  linear,
  nearestIndex,
  priceScale,
  stepPath,
  timeStyleOf,
  timeTickValues,
} from './chart-scale.js';

describe('priceScale', () => {
  it('fits the data with padding and round ticks, so a move of a few points fills the plot', () => {
    const scale = priceScale([0.45, 0.5, 0.52]);
    expect(scale.lo).toBeLessThan(0.45);
    expect(scale.hi).toBeGreaterThan(0.52);
    expect(scale.hi - scale.lo).toBeLessThan(0.2);
    expect(scale.ticks.length).toBeGreaterThanOrEqual(2);
    for (const tick of scale.ticks) expect(Math.round(tick * 1000) % 5).toBe(0); // whole half-points or rounder
    expect(scale.ticks[0]).toBeGreaterThanOrEqual(scale.lo);
    expect(scale.ticks.at(-1)).toBeLessThanOrEqual(scale.hi);
  });

  it('never shows less than four points of range: a flat line stays a calm line in the middle', () => {
    const scale = priceScale([0.5, 0.5]);
    expect(scale.hi - scale.lo).toBeGreaterThanOrEqual(0.04);
    expect(scale.lo).toBeLessThan(0.5);
    expect(scale.hi).toBeGreaterThan(0.5);
  });

  it('stays within 0..1 at the edges', () => {
    expect(priceScale([0.001, 0.01]).lo).toBe(0);
    expect(priceScale([0.99, 0.999]).hi).toBe(1);
    const wide = priceScale([0.02, 0.97]);
    expect([wide.lo, wide.hi]).toEqual([0, 1]);
  });

  it('reads the whole range for outcomes far apart', () => {
    const scale = priceScale([0.2, 0.25, 0.7, 0.75]);
    expect(scale.lo).toBeLessThanOrEqual(0.2);
    expect(scale.hi).toBeGreaterThanOrEqual(0.75);
  });
});

describe('linear and the step line', () => {
  it('maps a domain to pixels, a point domain to the middle', () => {
    expect(linear(0, 10, 0, 100)(2.5)).toBe(25);
    expect(linear(0, 1, 160, 10)(1)).toBe(10);
    expect(linear(5, 5, 0, 100)(5)).toBe(50);
  });

  it('holds each price until the next point', () => {
    const path = stepPath(
      [0, 10, 20],
      [1, 2, 2],
      (t) => t,
      (v) => v * 10,
    );
    expect(path).toBe('M0.0,10.0H10.0V20.0H20.0V20.0');
  });
});

describe('time ticks', () => {
  it('reads hours within two days, days within a year, months beyond', () => {
    expect(timeStyleOf(86_400_000)).toBe('time');
    expect(timeStyleOf(7 * 86_400_000)).toBe('day');
    expect(timeStyleOf(400 * 86_400_000)).toBe('month');
  });

  it('puts about one tick per 110 px on calendar boundaries, none under the edges', () => {
    const t0 = Date.parse('2026-11-19T10:17:00Z');
    const t1 = Date.parse('2026-11-26T10:17:00Z');
    const wide = timeTickValues(t0, t1, 900);
    const narrow = timeTickValues(t0, t1, 300);
    expect(wide.length).toBeGreaterThan(narrow.length);
    expect(narrow.length).toBeGreaterThanOrEqual(1);
    expect(narrow.length).toBeLessThanOrEqual(4);
    for (const t of wide) expect(new Date(t).getMinutes()).toBe(0);
    const x = linear(t0, t1, 0, 300);
    for (const t of narrow) expect(x(t)).toBeGreaterThanOrEqual(28);
    expect(timeTickValues(t1, t0, 300)).toEqual([]);
  });
});

describe('tick labels', () => {
  it('leave out a tick that repeats the label before it', () => {
    expect(labelledTicks([0, 10, 20, 60], (t) => String(Math.floor(t / 30)))).toEqual([
      { t: 0, text: '0' },
      { t: 60, text: '2' },
    ]);
  });
});

describe('the readout', () => {
  const times = [0, 100, 200, 1000];

  it('finds the nearest point in time', () => {
    expect(nearestIndex(times, -50)).toBe(0);
    expect(nearestIndex(times, 140)).toBe(1);
    expect(nearestIndex(times, 160)).toBe(2);
    expect(nearestIndex(times, 5000)).toBe(3);
    expect(nearestIndex([], 5)).toBe(-1);
  });

  it('moves by key: arrows by one, Page keys by a tenth, Home and End to the ends, clamped', () => {
    expect(indexAfterKey('ArrowLeft', 2, 4)).toBe(1);
    expect(indexAfterKey('ArrowRight', 2, 4)).toBe(3);
    expect(indexAfterKey('ArrowRight', 3, 4)).toBe(3);
    expect(indexAfterKey('ArrowLeft', 0, 4)).toBe(0);
    expect(indexAfterKey('Home', 2, 4)).toBe(0);
    expect(indexAfterKey('End', 0, 4)).toBe(3);
    expect(indexAfterKey('PageDown', 90, 100)).toBe(80);
    expect(indexAfterKey('Tab', 1, 4)).toBeNull();
    expect(indexAfterKey('ArrowLeft', -1, 4)).toBe(3); // the first press shows the point now
    expect(indexAfterKey('ArrowLeft', 0, 0)).toBeNull();
  });

  it('measures the change over the chart', () => {
    expect(changeOf([0.44, 0.5, 0.49])).toBe(0.05);
    expect(changeOf([0.5])).toBe(0);
  });
});
