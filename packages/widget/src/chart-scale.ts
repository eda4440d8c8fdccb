/**
 * The price chart's geometry, in pixels of the plot's real size: a price range fitted to the data with
 * round ticks, time ticks on local calendar boundaries, the step line's path and the point nearest to a
 * time. Pure (dates are read in the browser's time zone, as Intl.DateTimeFormat writes them).
 *
 * Why d3-array and d3-time and not a charting library: the widget has 45 KB gzipped for everything and
 * lives in a Shadow DOM under a strict CSP. Measured with this bundle's esbuild settings: d3-scale with
 * d3-shape (linear and time scales, a step line) adds about 20 KB, uPlot about 23 KB plus a style sheet
 * and draws text on a canvas that screen readers cannot read. The fiddly parts, round numbers for ticks
 * and calendar-aligned time ticks across DST, come from d3-array and d3-time (about 3 KB together); the
 * rest is a few lines of arithmetic and an SVG path.
 */
import { bisector, tickIncrement, ticks } from 'd3-array';
import { timeTicks } from 'd3-time';

export interface PriceScale {
  lo: number;
  hi: number;
  ticks: number[];
}

/** The narrowest price range shown (4 percentage points), so a flat line does not magnify noise. */
const MIN_SPAN = 0.04;

/**
 * A price range fitted to the values: their extent padded by a sixth on each side (at least a point),
 * widened to {@link MIN_SPAN}, kept within 0..1, then rounded out to whole ticks (about `count`).
 * @example priceScale([0.42, 0.55]) // { lo: 0.4, hi: 0.58, ticks: [0.4, 0.45, 0.5, 0.55] } or similar
 */
export function priceScale(values: readonly number[], count = 4): PriceScale {
  const finite = values.filter(Number.isFinite);
  let min = finite.length ? Math.min(...finite) : 0;
  let max = finite.length ? Math.max(...finite) : 1;
  const pad = Math.max((max - min) / 6, 0.01);
  min -= pad;
  max += pad;
  if (max - min < MIN_SPAN) {
    const mid = (min + max) / 2;
    min = mid - MIN_SPAN / 2;
    max = mid + MIN_SPAN / 2;
  }
  if (min < 0) [min, max] = [0, Math.min(1, max - min)];
  if (max > 1) [min, max] = [Math.max(0, min - (max - 1)), 1];
  // tickIncrement answers a whole step, or the negative inverse of a fractional one (-20 for 0.05).
  const inc = tickIncrement(min, max, count);
  const step = inc > 0 ? inc : -1 / inc;
  const lo = Math.max(0, Math.floor(min / step) * step);
  const hi = Math.min(1, Math.ceil(max / step) * step);
  return { lo: round(lo), hi: round(hi), ticks: ticks(lo, hi, count).map(round) };
}

/** Drops float noise (0.30000000000000004) so tick labels and tests see the number meant. */
const round = (n: number) => Math.round(n * 1e9) / 1e9;

/** A linear map from [d0, d1] to [r0, r1]; a zero-width domain maps to the middle. */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

export type TimeStyle = 'time' | 'day' | 'month';

/** How time ticks read for a span: hours within two days, days within a year, months beyond. */
export function timeStyleOf(spanMs: number): TimeStyle {
  return spanMs <= 2 * 86_400_000 ? 'time' : spanMs <= 366 * 86_400_000 ? 'day' : 'month';
}

/** Intl.DateTimeFormat options for the ticks of a style. */
export const TICK_FORMAT: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  time: { hour: 'numeric', minute: '2-digit' },
  day: { month: 'short', day: 'numeric' },
  month: { month: 'short', year: 'numeric' },
};

/**
 * Time ticks on local calendar boundaries (whole hours, midnights, first days of months), about one per
 * `spacing` pixels, leaving out those whose label would run past the plot's edges.
 */
export function timeTickValues(t0: number, t1: number, width: number, spacing = 110, edge = 28): number[] {
  if (!(t1 > t0) || width <= 0) return [];
  const count = Math.max(2, Math.floor(width / spacing));
  const x = linear(t0, t1, 0, width);
  return timeTicks(new Date(t0), new Date(t1), count)
    .map((d) => d.getTime())
    .filter((t) => x(t) >= edge && x(t) <= width - edge);
}

/**
 * The ticks with their labels, leaving out a tick whose label repeats the one before (minutes apart
 * on a young market's few seconds of history all read "6:27 AM").
 */
export function labelledTicks(values: readonly number[], label: (t: number) => string): { t: number; text: string }[] {
  const out: { t: number; text: string }[] = [];
  for (const t of values) {
    const text = label(t);
    if (text !== out.at(-1)?.text) out.push({ t, text });
  }
  return out;
}

/**
 * The SVG path of a step line: each price holds until the next point (a bucket without a point is a
 * bucket in which the price did not change).
 */
export function stepPath(
  times: readonly number[],
  values: readonly number[],
  x: (t: number) => number,
  y: (v: number) => number,
): string {
  let d = '';
  times.forEach((t, i) => {
    const px = x(t).toFixed(1);
    const py = y(values[i]!).toFixed(1);
    d += i === 0 ? `M${px},${py}` : `H${px}V${py}`;
  });
  return d;
}

const byTime = bisector((t: number) => t);

/** The index of the time nearest to t (the first of equals); -1 when there are none. */
export function nearestIndex(times: readonly number[], t: number): number {
  return times.length === 0 ? -1 : byTime.center(times, t);
}

/** The index a key moves the readout to from `index` (-1: none yet), or null for a key it ignores. */
export function indexAfterKey(key: string, index: number, length: number): number | null {
  if (length === 0) return null;
  const page = Math.max(1, Math.round(length / 10));
  const from = index < 0 ? length - 1 : index;
  const to: Record<string, number> = {
    ArrowRight: from + 1,
    ArrowUp: from + 1,
    ArrowLeft: from - 1,
    ArrowDown: from - 1,
    PageUp: from + page,
    PageDown: from - page,
    Home: 0,
    End: length - 1,
  };
  const next = to[key];
  if (next === undefined) return null;
  // The first key press shows the point now, whichever way it goes.
  return index < 0 ? length - 1 : Math.min(length - 1, Math.max(0, next));
}

/** The change of a series over the chart, in price (0.05 is five percentage points). */
export function changeOf(values: readonly number[]): number {
  return values.length < 2 ? 0 : round(values.at(-1)! - values[0]!);
}
