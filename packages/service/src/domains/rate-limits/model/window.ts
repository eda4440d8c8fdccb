/**
 * The sliding window, counted exactly (docs/operator-api.md "Rate limits"): a bucket keeps how many
 * requests it counted in each whole second of the service clock, and the window ending with second S is
 * the 60 seconds S−59 … S. A request in second S passes when that window holds at most limit − 1, so no
 * 60 whole seconds ever hold more than the limit. (The estimate from two fixed windows this replaced let a
 * burst at the end of one minute and another at the start of the next both through, and told clients to
 * wait up to 71 s.) Seconds outside the window may be present in the counts: they are ignored, those after
 * S too (another process's clock a little ahead), so nothing can hold a request back for more than 60 s.
 */
export const WINDOW_S = 60;
export const WINDOW_MS = WINDOW_S * 1000;

/** Counted requests per epoch second (the key), as a store holds them for one bucket. */
export type SecondCounts = ReadonlyMap<number, number>;

/** The whole second of the service clock an instant falls in. */
export const secondOf = (ms: number): number => Math.floor(ms / 1000);

/** The first second of the window that ends with `second`. */
export const windowStart = (second: number): number => second - WINDOW_S + 1;

/** How many requests the window ending with `second` holds. */
export function usedAt(counts: SecondCounts, second: number): number {
  const from = windowStart(second);
  let used = 0;
  counts.forEach((count, at) => {
    if (at >= from && at <= second) used += count;
  });
  return used;
}

/**
 * The window ending with `second` in one pass: how many requests it holds, and the seconds until the
 * oldest of them leaves it (RateLimit-Reset of a request that passed), 1 … 60. The window is taken to hold
 * a request in `second` itself (the one just counted), so an empty one answers 60.
 */
export function windowAt(counts: SecondCounts, second: number): { used: number; resetSeconds: number } {
  const from = windowStart(second);
  let [used, oldest] = [0, second];
  counts.forEach((count, at) => {
    if (at < from || at > second) return;
    used += count;
    if (count > 0 && at < oldest) oldest = at;
  });
  return { used, resetSeconds: oldest + WINDOW_S - second };
}

/**
 * The Retry-After of a bucket, in whole seconds: the least k ≥ 1 for which a request in second + k finds
 * room when no other request comes meanwhile, that is when the seconds still inside its window hold at
 * most `room` requests (limit − 1, less one more when this request stays counted, as it sits in `second`
 * and leaves only at k = 60). The oldest seconds leave first; at k = 60 every second up to `second` has
 * left, so the answer is never more than 60.
 */
export function secondsUntilRoom(counts: SecondCounts, second: number, room: number): number {
  let used = usedAt(counts, second);
  if (used <= room) return 1;
  for (let at = windowStart(second); at < second; at++) {
    used -= counts.get(at) ?? 0;
    // Second `at` left the window of second at + 60: k = at + 60 − second.
    if (used <= room) return at + WINDOW_S - second;
  }
  return WINDOW_S;
}
