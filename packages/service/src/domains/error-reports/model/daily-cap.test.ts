import { describe, expect, it } from 'vitest';
import { capLifts, utcDayOf } from './daily-cap.js';

describe('the daily cap of error reports', () => {
  it('counts a report in its UTC day and lifts at the next 00:00Z, never less than a second away', () => {
    expect(utcDayOf(new Date('2026-06-01T23:59:59.999Z')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(capLifts(new Date('2026-06-01T12:00:00Z'))).toEqual({
      resetsAt: new Date('2026-06-02T00:00:00Z'),
      retryAfterSeconds: 43_200,
    });
    expect(capLifts(new Date('2026-06-01T23:59:59.900Z')).retryAfterSeconds).toBe(1);
  });
});
