import { describe, expect, it } from 'vitest';
import { DAY_MS, dayStart, dayRange, daysToCover, expiry, isCovered, rangeOf } from './days.js';

const at = (iso: string) => Date.parse(iso);

describe('the request log by day', () => {
  it('names a day by its UTC date and reads the names back', () => {
    const day = dayStart(at('2026-11-30T23:59:59.999Z'));
    expect(day).toBe(at('2026-11-30T00:00:00Z'));
    expect(dayRange(day)).toEqual({ name: 'd20261130', from: day, to: day + DAY_MS });
    expect(rangeOf('d20261130')).toEqual(dayRange(day));
    expect(rangeOf('until_20261201')).toEqual({ name: 'until_20261201', from: null, to: at('2026-12-01T00:00:00Z') });
    for (const other of ['request_log_old', 'd2026113', 'x20261130', 'd20261130x']) expect(rangeOf(other)).toBeNull();
  });

  it('covers the days of a batch and the day after its last', () => {
    expect(daysToCover(at('2026-11-30T10:00:00Z'), at('2026-11-30T10:00:01Z'))).toEqual([
      at('2026-11-30T00:00:00Z'),
      at('2026-12-01T00:00:00Z'),
    ]);
    expect(daysToCover(at('2026-11-29T23:59:59Z'), at('2026-11-30T00:00:00Z'))).toEqual([
      at('2026-11-29T00:00:00Z'),
      at('2026-11-30T00:00:00Z'),
      at('2026-12-01T00:00:00Z'),
    ]);
  });

  it('knows which days a set of partitions holds', () => {
    const ranges = [rangeOf('until_20261201')!, rangeOf('d20261202')!];
    expect(isCovered(ranges, at('2020-01-01T00:00:00Z'))).toBe(true);
    expect(isCovered(ranges, at('2026-11-30T00:00:00Z'))).toBe(true);
    expect(isCovered(ranges, at('2026-12-01T00:00:00Z'))).toBe(false);
    expect(isCovered(ranges, at('2026-12-02T00:00:00Z'))).toBe(true);
  });

  it('drops a day once all of it is past the cutoff, and deletes expired rows only from before the log went by day', () => {
    const cutoff = at('2026-11-16T09:00:00Z');
    expect(expiry(rangeOf('d20261115')!, cutoff)).toBe('drop');
    expect(expiry(rangeOf('d20261116')!, cutoff)).toBe('keep');
    expect(expiry(rangeOf('d20261117')!, cutoff)).toBe('keep');
    expect(expiry(rangeOf('until_20261116')!, cutoff)).toBe('drop');
    expect(expiry(rangeOf('until_20261201')!, cutoff)).toBe('delete');
  });
});
