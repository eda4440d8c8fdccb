/**
 * A window's bound as the report reads it: the first whole millisecond at or after the instant. Rows are
 * stamped to the millisecond, so a bound given to the microsecond (`…30.900999Z`) selects the same rows as
 * [from, to) says, where cutting it to `…30.900Z` would take in a row stamped `.900`.
 */
export function windowBound(text: string): Date {
  const at = new Date(text);
  const fraction = /\.(\d+)Z$/i.exec(text)?.[1] ?? '';
  return /[1-9]/.test(fraction.slice(3)) ? new Date(at.getTime() + 1) : at;
}
