const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span of time as a person on the platform team reads it at a glance, in at most two units and
 * rounded down: "< 1 min", "12 min", "3 h 20 min", "2 d 4 h". A queue sorts by it by eye, so
 * the larger unit comes first and nothing finer than a minute is shown.
 *
 * @example shortDuration(3 * 3_600_000 + 20 * 60_000) // "3 h 20 min"
 */
export function shortDuration(ms: number): string {
  if (ms < MINUTE) return '< 1 min';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) return withRest(Math.floor(ms / HOUR), 'h', Math.floor((ms % HOUR) / MINUTE), 'min');
  return withRest(Math.floor(ms / DAY), 'd', Math.floor((ms % DAY) / HOUR), 'h');
}

const withRest = (whole: number, unit: string, rest: number, restUnit: string) =>
  rest === 0 ? `${whole} ${unit}` : `${whole} ${unit} ${rest} ${restUnit}`;
