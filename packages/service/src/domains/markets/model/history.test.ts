import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_SPAN_MS,
  historyWindow,
  INTERVAL_MS,
  lastPointPerBucket,
  MAX_BUCKETS,
  type PricePoint,
} from './history.js';

const at = (iso: string) => new Date(iso);
const point = (iso: string, seq: number, prices: number[]): PricePoint => ({
  ts: at(iso),
  seq: BigInt(seq),
  prices: prices.map(BigInt),
});

describe('historyWindow', () => {
  const now = at('2026-03-01T12:30:45.500Z');

  it('defaults to = now and from = to minus a day (1m), 30 days (1h) or a year (1d), from rounded down', () => {
    expect(historyWindow({ interval: '1m' }, now)).toEqual({
      ok: true,
      from: at('2026-02-28T12:30:00Z'),
      to: now,
      intervalMs: 60_000,
    });
    expect(historyWindow({ interval: '1h' }, now)).toEqual({
      ok: true,
      from: at('2026-01-30T12:00:00Z'),
      to: now,
      intervalMs: 3_600_000,
    });
    expect(historyWindow({ interval: '1d' }, now)).toEqual({
      ok: true,
      from: at('2025-03-01T00:00:00Z'),
      to: now,
      intervalMs: 86_400_000,
    });
  });

  it('keeps the defaults within the cap', () => {
    for (const interval of ['1m', '1h', '1d'] as const) {
      expect(historyWindow({ interval }, now).ok, interval).toBe(true);
      // Even an unaligned default `from` (one more bucket after rounding down) stays within the cap.
      expect(Math.ceil(DEFAULT_SPAN_MS[interval] / INTERVAL_MS[interval]) + 1).toBeLessThanOrEqual(MAX_BUCKETS);
    }
  });

  it('takes from and to as given, from rounded down to its bucket', () => {
    expect(
      historyWindow({ interval: '1h', from: at('2026-03-01T09:59:59Z'), to: at('2026-03-01T11:00:00Z') }, now),
    ).toEqual({
      ok: true,
      from: at('2026-03-01T09:00:00Z'),
      to: at('2026-03-01T11:00:00Z'),
      intervalMs: 3_600_000,
    });
    // Only `to`: from is the default span before it.
    expect(historyWindow({ interval: '1m', to: at('2026-01-02T00:00:00Z') }, now)).toMatchObject({
      ok: true,
      from: at('2026-01-01T00:00:00Z'),
    });
    // Only `from`: to is now.
    expect(historyWindow({ interval: '1d', from: at('2026-02-01T00:00:00Z') }, now)).toMatchObject({
      ok: true,
      to: now,
    });
  });

  it('refuses from at or after to', () => {
    expect(historyWindow({ interval: '1m', from: now, to: now }, now)).toMatchObject({
      ok: false,
      message: 'from must be before to.',
    });
    expect(historyWindow({ interval: '1m', from: at('2026-03-02T00:00:00Z') }, now)).toMatchObject({ ok: false });
  });

  it(`refuses more than ${MAX_BUCKETS} buckets and accepts exactly ${MAX_BUCKETS}`, () => {
    const from = at('2026-01-01T00:00:00Z');
    const exactly = new Date(from.getTime() + MAX_BUCKETS * 60_000);
    expect(historyWindow({ interval: '1m', from, to: exactly }, now)).toMatchObject({ ok: true });
    expect(historyWindow({ interval: '1m', from, to: new Date(exactly.getTime() + 1) }, now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('1501 buckets'),
    });
    // Rounding from down can add the bucket that tips it over.
    expect(historyWindow({ interval: '1m', from: new Date(from.getTime() + 1), to: exactly }, now)).toMatchObject({
      ok: true,
    });
    expect(
      historyWindow({ interval: '1m', from: new Date(from.getTime() + 1), to: new Date(exactly.getTime() + 1) }, now),
    ).toMatchObject({ ok: false });
    expect(historyWindow({ interval: '1h', from: at('2020-01-01T00:00:00Z'), to: now }, now)).toMatchObject({
      ok: false,
    });
  });
});

describe('lastPointPerBucket', () => {
  it('keeps the last point of each bucket, stamped with the bucket start, and leaves empty buckets out', () => {
    const points = [
      point('2026-01-01T10:00:05Z', 1, [400_000, 600_000]),
      point('2026-01-01T10:00:50Z', 2, [450_000, 550_000]),
      point('2026-01-01T10:03:00Z', 3, [500_000, 500_000]),
      point('2026-01-01T10:03:59.999Z', 4, [510_000, 490_000]),
    ];
    expect(lastPointPerBucket(points, 60_000)).toEqual([
      { ts: at('2026-01-01T10:00:00Z'), prices: [450_000n, 550_000n] },
      { ts: at('2026-01-01T10:03:00Z'), prices: [510_000n, 490_000n] },
    ]);
    expect(lastPointPerBucket(points, 3_600_000)).toEqual([
      { ts: at('2026-01-01T10:00:00Z'), prices: [510_000n, 490_000n] },
    ]);
  });

  it('aligns days to 00:00Z and breaks ties in ts by seq', () => {
    const points = [
      point('2026-01-01T23:59:59Z', 7, [1, 999_999]),
      point('2026-01-01T23:59:59Z', 5, [2, 999_998]),
      point('2026-01-02T00:00:00Z', 8, [3, 999_997]),
    ];
    expect(lastPointPerBucket(points, 86_400_000)).toEqual([
      { ts: at('2026-01-01T00:00:00Z'), prices: [1n, 999_999n] },
      { ts: at('2026-01-02T00:00:00Z'), prices: [3n, 999_997n] },
    ]);
  });

  it('is empty for no points', () => {
    expect(lastPointPerBucket([], 60_000)).toEqual([]);
  });

  it('does not depend on input order, gives ascending distinct buckets, and each is the latest point of its bucket (property)', () => {
    const arbitraryPoint = fc.record({
      ms: fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-01-03T00:00:00Z') }),
      price: fc.integer({ min: 1, max: 999_999 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryPoint, { maxLength: 200 }),
        fc.constantFrom(60_000, 3_600_000, 86_400_000),
        (raw, intervalMs) => {
          const points = raw.map((r, i) => ({ ts: new Date(r.ms), seq: BigInt(i), prices: [BigInt(r.price)] }));
          const result = lastPointPerBucket(points, intervalMs);
          expect(lastPointPerBucket([...points].reverse(), intervalMs)).toEqual(result);
          for (let i = 1; i < result.length; i++)
            expect(result[i]!.ts.getTime()).toBeGreaterThan(result[i - 1]!.ts.getTime());
          for (const bucket of result) {
            const start = bucket.ts.getTime();
            expect(start % intervalMs).toBe(0);
            const inside = points.filter((p) => p.ts.getTime() >= start && p.ts.getTime() < start + intervalMs);
            const latest = inside.reduce((a, b) =>
              b.ts.getTime() > a.ts.getTime() || (b.ts.getTime() === a.ts.getTime() && b.seq > a.seq) ? b : a,
            );
            expect(bucket.prices).toBe(latest.prices);
          }
          expect(result.length).toBe(new Set(points.map((p) => Math.floor(p.ts.getTime() / intervalMs))).size);
        },
      ),
    );
  });
});
