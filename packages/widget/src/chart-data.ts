/**
 * What the price chart asks /history for and how the answer becomes one series per outcome
 * (docs/operator-api.md, "Market feed"). Pure; `now` is passed in.
 *
 * The server answers one point per bucket in which the price changed (the bucket's last price, stamped
 * with its start) and refuses a window of more than 1,500 buckets; buckets without a point held the
 * price, so a series is a step line and the chart ends at the price now.
 */

export type ChartRange = 'day' | 'week' | 'all';
export const CHART_RANGES: readonly ChartRange[] = ['day', 'week', 'all'];
export type Interval = '1m' | '1h' | '1d';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const INTERVAL_MS: Record<Interval, number> = { '1m': MINUTE, '1h': HOUR, '1d': DAY };
/** The server's limit is 1,500 buckets and it rounds `from` down to a bucket start: one bucket spare. */
const MAX_SPAN_BUCKETS = 1_499;

export interface HistoryQuery {
  interval: Interval;
  from: string;
  to: string;
}

/** Fewer changed buckets than this and the next, finer query of the plan is tried. */
export const ENOUGH_POINTS = 3;

/**
 * The queries for a range, coarsest first: day by the minute; week by the hour; all since opens_at by
 * the hour while that fits 1,500 buckets (62 days), by the day beyond. A young market whose changes fit
 * in fewer than {@link ENOUGH_POINTS} buckets is asked again at the next finer interval, over as much
 * of the range as that interval's 1,500 buckets reach.
 * @example historyPlan('week', '2026-11-25T00:00:00Z', now) // [{ interval: '1h', … }, { interval: '1m', … }]
 */
export function historyPlan(range: ChartRange, opensAt: string, now: Date): HistoryQuery[] {
  const to = now.getTime();
  const opened = Date.parse(opensAt);
  const start =
    range === 'day' ? to - DAY : range === 'week' ? to - 7 * DAY : Number.isFinite(opened) ? opened : to - 7 * DAY;
  const span = Math.max(to - start, HOUR);
  const first: Interval = range === 'day' ? '1m' : range === 'week' || span <= MAX_SPAN_BUCKETS * HOUR ? '1h' : '1d';
  const order: Interval[] = ['1d', '1h', '1m'];
  return order.slice(order.indexOf(first)).map((interval) => {
    const from = Math.max(to - span, to - MAX_SPAN_BUCKETS * INTERVAL_MS[interval]);
    return { interval, from: new Date(from).toISOString(), to: now.toISOString() };
  });
}

export interface HistoryAnswer {
  points: { ts: string; outcomes: { id: string; price: string }[] }[];
}

export interface Series {
  id: string;
  title: string;
  /** One price per entry of the chart's times; the last is the price now. */
  values: number[];
}

export interface ChartData {
  /** Milliseconds since the epoch, ascending; the last is now. */
  times: number[];
  series: Series[];
}

/** Prices the widget saw change after the history was read (a trade, a stream update, a poll). */
export interface TrailPoint {
  at: number;
  prices: { id: string; price: string }[];
}

/** How a settled market's line ends: at its resolution time, the winner at 1 and the others at 0. */
export interface Settled {
  at: number;
  /** The winning outcome; null for a voided market, whose lines end where they were. */
  winner: string | null;
}

/**
 * The chart's data: every history point, the prices seen since (`trail`, each at the moment it was
 * seen), then the end: now at the current prices, or for a settled market its resolution time at 1 and 0
 * (a voided one at its last prices). So the line always ends at the price the legend shows. An outcome
 * missing from a point keeps its previous price (or its first known one, for a leading gap).
 */
export function chartData(
  answer: HistoryAnswer,
  outcomes: readonly { id: string; title: string; price: string }[],
  now: Date,
  trail: readonly TrailPoint[] = [],
  settled: Settled | null = null,
): ChartData {
  const end = settled ? Math.min(settled.at, now.getTime()) : now.getTime();
  const history = answer.points.map((p) => ({ at: Date.parse(p.ts), prices: p.outcomes })).filter((p) => p.at < end);
  const since = history.at(-1)?.at ?? -Infinity;
  const points = [...history, ...trail.filter((p) => p.at > since && p.at < end)];
  const times = [...points.map((p) => p.at), end];
  const series = outcomes.map((outcome) => {
    const last = settled?.winner ? (outcome.id === settled.winner ? 1 : 0) : Number(outcome.price);
    const raw = [...points.map((p) => Number(p.prices.find((o) => o.id === outcome.id)?.price ?? NaN)), last];
    const firstKnown = raw.find(Number.isFinite) ?? 0;
    const values: number[] = [];
    for (const value of raw) values.push(Number.isFinite(value) ? value : (values.at(-1) ?? firstKnown));
    return { id: outcome.id, title: outcome.title, values };
  });
  return { times, series };
}

/** Whether there is a history to draw: at least two points in time. */
export function hasHistory(data: ChartData): boolean {
  return data.times.length >= 2;
}
