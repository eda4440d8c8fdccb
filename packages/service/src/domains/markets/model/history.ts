/**
 * Price history of the feed (docs/operator-api.md, "Market feed"): which window a request covers, and how price points
 * become one point per interval bucket. Pure; time is passed in.
 *
 * Buckets are aligned to UTC multiples of the interval since the Unix epoch (whole minutes, whole hours,
 * 00:00Z days), so two requests over overlapping windows agree on every bucket they share.
 */

export const INTERVALS = ['1m', '1h', '1d'] as const;
export type Interval = (typeof INTERVALS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const INTERVAL_MS: Record<Interval, number> = { '1m': MINUTE, '1h': HOUR, '1d': DAY };

/** How far back `from` defaults from `to`: a day of minutes, 30 days of hours, a year of days. */
export const DEFAULT_SPAN_MS: Record<Interval, number> = { '1m': DAY, '1h': 30 * DAY, '1d': 365 * DAY };

/** Most buckets one request may span; a wider window is refused rather than silently cut. */
export const MAX_BUCKETS = 1_500;

export interface HistoryWindow {
  /** `from` rounded down to its bucket start: the first bucket is whole. */
  from: Date;
  /** Exclusive. */
  to: Date;
  intervalMs: number;
}

export type WindowResult = ({ ok: true } & HistoryWindow) | { ok: false; message: string };

/** Start of the bucket holding t. */
export function bucketStart(t: number, intervalMs: number): number {
  return Math.floor(t / intervalMs) * intervalMs;
}

/**
 * The window of a history request: `to` defaults to now, `from` to `to` minus the interval's default
 * span; `from` is rounded down to a bucket start. Refuses from ≥ to and windows of more than
 * {@link MAX_BUCKETS} buckets.
 * @example historyWindow({ interval: '1h' }, new Date('2026-03-01T12:30:00Z'))
 * // { ok: true, from: 2026-01-30T12:00:00Z, to: 2026-03-01T12:30:00Z, intervalMs: 3600000 }
 */
export function historyWindow(request: { from?: Date; to?: Date; interval: Interval }, now: Date): WindowResult {
  const intervalMs = INTERVAL_MS[request.interval];
  const to = (request.to ?? now).getTime();
  const from = request.from?.getTime() ?? to - DEFAULT_SPAN_MS[request.interval];
  if (from >= to) return { ok: false, message: 'from must be before to.' };
  const start = bucketStart(from, intervalMs);
  const buckets = Math.ceil((to - start) / intervalMs);
  if (buckets > MAX_BUCKETS) {
    return {
      ok: false,
      message: `The window spans ${buckets} buckets of ${request.interval}; at most ${MAX_BUCKETS} are allowed. Narrow from/to or use a longer interval.`,
    };
  }
  return { ok: true, from: new Date(start), to: new Date(to), intervalMs };
}

export interface PricePoint {
  ts: Date;
  /** Order of recording, breaking ties between points of the same ts. */
  seq: bigint;
  /** Micro-units, one per outcome in ordinal order. */
  prices: bigint[];
}

export interface HistoryPoint {
  /** The bucket's start. */
  ts: Date;
  prices: bigint[];
}

/**
 * One point per bucket that holds any point: the last price recorded in it (greatest ts, then greatest
 * seq), stamped with the bucket's start, oldest bucket first. Buckets without points are left out:
 * the price did not change in them. Input order does not matter.
 * @example lastPointPerBucket([{ ts: 10:00:05, seq: 1n, prices }, { ts: 10:00:50, seq: 2n, prices: later }], 60_000)
 * // [{ ts: 10:00:00, prices: later }]
 */
export function lastPointPerBucket(points: readonly PricePoint[], intervalMs: number): HistoryPoint[] {
  const last = new Map<number, PricePoint>();
  for (const point of points) {
    const bucket = bucketStart(point.ts.getTime(), intervalMs);
    const kept = last.get(bucket);
    if (!kept || isLater(point, kept)) last.set(bucket, point);
  }
  return [...last.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, point]) => ({ ts: new Date(bucket), prices: point.prices }));
}

function isLater(a: PricePoint, b: PricePoint): boolean {
  const dt = a.ts.getTime() - b.ts.getTime();
  return dt > 0 || (dt === 0 && a.seq > b.seq);
}
