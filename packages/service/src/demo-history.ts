import { displayPrices, initialQ } from './domains/markets/index.js';

/**
 * The price history of the demo's markets before the demo was made (docs/widget.md, "The demo page"), so
 * their day and week charts move and their change_24h is not zero. Pure and deterministic: the same seed
 * gives the same history on every start.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Shares one step moves its outcome by: from selling 25 to buying 45, as small trades on b = 500 do. */
const STEP_LOW = -25;
const STEP_HIGH = 45;
/** A step that would spread q wider than this many b (a price below about 5 %) is left out. */
const MAX_SPREAD_B = 3;

/** mulberry32: a tiny generator of numbers in [0, 1), enough for a demo's walk. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface DemoHistoryOptions {
  /** The market's starting prices: the history ends at them, where the market's own first point begins. */
  prices: readonly number[];
  /** The market maker's depth. */
  b: number;
  /** When the history ends (the market's creation); every point is before it. */
  end: Date;
  days: number;
  seed: number;
  /** Shares a step adds to the first outcome on average, forward in time: the trend the week shows. */
  drift?: number;
}

/**
 * A walk of the market maker's q backwards from the starting prices at `end`: each point is the price
 * after a trade on one outcome, the points irregular (15 minutes to 4 hours and 15 minutes apart, short
 * gaps more often), oldest first. Prices are those the feed shows (displayPrices), so a chart and
 * change_24h read them as they read a trade's.
 */
export function demoHistory(options: DemoHistoryOptions): { ts: Date; prices: bigint[] }[] {
  const random = generator(options.seed);
  const { b } = options;
  const start = options.end.getTime() - options.days * DAY;
  let q = initialQ(options.prices, b);
  const points: { ts: Date; prices: bigint[] }[] = [];
  let t = options.end.getTime();
  for (;;) {
    t -= 15 * MINUTE + Math.round(random() ** 2 * 240 * MINUTE);
    if (t <= start) break;
    points.push({ ts: new Date(t), prices: displayPrices(q, b) });
    // The trade recorded at t took q from what it was before to q: undo it.
    const outcome = Math.floor(random() * q.length);
    const shares = STEP_LOW + random() * (STEP_HIGH - STEP_LOW) + (outcome === 0 ? (options.drift ?? 0) : 0);
    const before = q.map((x, i) => (i === outcome ? x - shares : x));
    if (Math.max(...before) - Math.min(...before) <= MAX_SPREAD_B * b) q = before;
  }
  return points.reverse();
}
