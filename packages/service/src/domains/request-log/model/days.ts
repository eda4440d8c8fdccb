/*
 * The request log's partitions (docs/operations.md, "The request log"): one a UTC day, named `dYYYYMMDD`
 * for [that day, the next); and, in a database whose log was kept before it went by day, one named
 * `until_YYYYMMDD` for every row before that day.
 */

export const DAY_MS = 86_400_000;

/** The part of the log one partition holds: from `from` (null: from the beginning) up to `to`, in ms. */
export interface DayRange {
  name: string;
  from: number | null;
  to: number;
}

const NAME = /^(d|until_)(\d{4})(\d{2})(\d{2})$/;

/** The start (00:00 UTC) of the day `ms` falls in. */
export function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** The partition that holds the day starting at `day`. */
export function dayRange(day: number): DayRange & { from: number } {
  return { name: `d${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`, from: day, to: day + DAY_MS };
}

/** A partition's range by its name; null for a name that is not one of the log's. */
export function rangeOf(name: string): DayRange | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const day = Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4]));
  if (Number.isNaN(day)) return null;
  return match[1] === 'd' ? { name, from: day, to: day + DAY_MS } : { name, from: null, to: day };
}

/**
 * The days, by their start, that rows at times from `first` to `last` fall in, and the day after the
 * last: a day's partition is made the day before its first row, so a failure to make it has a day to
 * pass.
 */
export function daysToCover(first: number, last: number): number[] {
  const days: number[] = [];
  for (let day = dayStart(first); day <= dayStart(last) + DAY_MS; day += DAY_MS) days.push(day);
  return days;
}

/** Whether one of `ranges` holds the day starting at `day`. */
export function isCovered(ranges: readonly DayRange[], day: number): boolean {
  return ranges.some((r) => (r.from === null || r.from <= day) && day + DAY_MS <= r.to);
}

/**
 * What the retention does with a partition at `cutoff`: a day is dropped whole once all of it is older
 * (so a row is kept 14 to 15 days); the rows from before the log went by day, which the old index on
 * `at` finds, are deleted as they expire until that partition can be dropped too.
 */
export function expiry(range: DayRange, cutoff: number): 'drop' | 'delete' | 'keep' {
  if (range.to <= cutoff) return 'drop';
  return range.from === null ? 'delete' : 'keep';
}
