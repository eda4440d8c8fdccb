import { describe, expect, it } from 'vitest';
import { nextScheduledRun, RECONCILIATION_CRON } from './schedule.js';

describe('the reconciliation schedule', () => {
  it('is daily at 02:00 UTC', () => {
    expect(RECONCILIATION_CRON).toBe('0 2 * * *');
  });

  it('runs next today while 02:00 UTC is ahead, else tomorrow, across a month and a year', () => {
    const next = (iso: string) => nextScheduledRun(new Date(iso)).toISOString();
    expect(next('2026-06-01T00:00:00.000Z')).toBe('2026-06-01T02:00:00.000Z');
    expect(next('2026-06-01T01:59:59.999Z')).toBe('2026-06-01T02:00:00.000Z');
    expect(next('2026-06-01T02:00:00.000Z')).toBe('2026-06-02T02:00:00.000Z');
    expect(next('2026-06-01T12:00:00.000Z')).toBe('2026-06-02T02:00:00.000Z');
    expect(next('2026-06-30T23:59:00.000Z')).toBe('2026-07-01T02:00:00.000Z');
    expect(next('2026-12-31T02:00:00.001Z')).toBe('2027-01-01T02:00:00.000Z');
  });
});
