import { describe, expect, it } from 'vitest';
import { breakUntil, tightestLimit, type LimitView, type PlayerLimits } from './player-limits.js';

const view = (remaining: string, resets_at: string | null = null): LimitView => ({
  limit: '100.00',
  used: '0.00',
  remaining,
  resets_at,
  pending: null,
});
const limits = (over: Partial<PlayerLimits>): PlayerLimits => ({
  external_user_id: 'u-1',
  stake_per_day: null,
  stake_per_week: null,
  stake_per_month: null,
  excluded_until: null,
  ...over,
});

describe('tightestLimit', () => {
  it('names the limit with the least left, the one that frees last on a tie, and nothing without limits', () => {
    expect(tightestLimit(null)).toBeNull();
    expect(tightestLimit(limits({}))).toBeNull();
    expect(
      tightestLimit(limits({ stake_per_day: view('12.50', '2026-06-02T14:00:00Z'), stake_per_month: view('9.99') })),
    ).toEqual({ name: 'stake_per_month', remaining: '9.99', resetsAt: null });
    // On a tie, the one that frees last: coming back when the day frees would meet the week's limit.
    const day = view('0.00', '2026-06-02T14:00:00Z');
    const week = view('0.00', '2026-06-07T09:00:00Z');
    expect(tightestLimit(limits({ stake_per_day: day, stake_per_week: week }))?.name).toBe('stake_per_week');
    expect(tightestLimit(limits({ stake_per_day: view('0.00', null), stake_per_week: week }))?.name).toBe(
      'stake_per_day',
    );
  });
});

describe('breakUntil', () => {
  it('is the end of a running break only', () => {
    const until = '2026-06-09T00:00:00Z';
    expect(breakUntil(limits({ excluded_until: until }), Date.parse(until) - 1)).toBe(until);
    expect(breakUntil(limits({ excluded_until: until }), Date.parse(until))).toBeNull();
    expect(breakUntil(null, 0)).toBeNull();
  });
});
