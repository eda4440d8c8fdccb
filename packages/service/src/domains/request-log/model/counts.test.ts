import { describe, expect, it } from 'vitest';
import { dayUse, dayUseSince, hourOf, restore, tally, tierUse, type HourCount } from './counts.js';

const scope = { tenantId: 't-1', environment: 'sandbox' as const };
const at = (iso: string) => new Date(iso);

describe('request counts per hour and tier', () => {
  it('tallies requests and 429s per hour and tier, and puts back what could not be written', () => {
    const counts = new Map<string, HourCount>();
    tally(counts, { ...scope, at: at('2026-11-29T10:59:59Z'), status: 200 }, 'default');
    tally(counts, { ...scope, at: at('2026-11-29T10:00:00Z'), status: 429 }, 'default');
    tally(counts, { ...scope, at: at('2026-11-29T11:00:00Z'), status: 429 }, 'default');
    tally(counts, { ...scope, at: at('2026-11-29T10:30:00Z'), status: 201 }, 'positions');
    const written = [...counts.values()];
    expect(written).toEqual([
      { ...scope, hour: at('2026-11-29T10:00:00Z'), tier: 'default', requests: 2, rateLimited: 1 },
      { ...scope, hour: at('2026-11-29T11:00:00Z'), tier: 'default', requests: 1, rateLimited: 1 },
      { ...scope, hour: at('2026-11-29T10:00:00Z'), tier: 'positions', requests: 1, rateLimited: 0 },
    ]);
    const later = new Map<string, HourCount>();
    tally(later, { ...scope, at: at('2026-11-29T10:10:00Z'), status: 429 }, 'default');
    restore(later, written);
    expect(later.get(`${at('2026-11-29T10:00:00Z').getTime()}|t-1|sandbox|default`)).toMatchObject({
      requests: 3,
      rateLimited: 2,
    });
    expect(later.size).toBe(3);
  });

  it("gives each tier the UTC day's figures and the last 24 hours' 429s, oldest hour first", () => {
    const now = at('2026-11-29T05:20:00Z');
    const row = (hour: string, tier: string, requests: number, rateLimited: number): HourCount => ({
      ...scope,
      hour: at(hour),
      tier,
      requests,
      rateLimited,
    });
    const use = tierUse(
      [
        row('2026-11-28T05:00:00Z', 'default', 100, 9), // 24 hours ago: outside both
        row('2026-11-28T06:00:00Z', 'default', 50, 4), // the first of the 24 hours, yesterday
        row('2026-11-29T00:00:00Z', 'default', 30, 2),
        row('2026-11-29T05:00:00Z', 'default', 10, 1),
        row('2026-11-29T05:00:00Z', 'positions', 7, 0),
      ],
      now,
    );
    expect(use).toEqual([
      {
        tier: 'default',
        requestsToday: 40,
        rateLimitedToday: 3,
        rateLimitedByHour: [4, ...Array(17).fill(0), 2, 0, 0, 0, 0, 1],
      },
      { tier: 'positions', requestsToday: 7, rateLimitedToday: 0, rateLimitedByHour: Array(24).fill(0) },
    ]);
    expect(hourOf(now)).toEqual(at('2026-11-29T05:00:00Z'));
  });

  it("gives a tenant environment's day so far and its last two clock hours, every tier together", () => {
    const row = (hour: string, tier: string, requests: number, rateLimited: number): HourCount => ({
      ...scope,
      hour: at(hour),
      tier,
      requests,
      rateLimited,
    });
    const rows = [
      row('2026-11-28T23:00:00Z', 'default', 80, 5), // yesterday: the hour before at 00:20, not today
      row('2026-11-29T00:00:00Z', 'default', 30, 2),
      row('2026-11-29T00:00:00Z', 'positions', 7, 1),
    ];
    const justAfterMidnight = at('2026-11-29T00:20:00Z');
    expect(dayUseSince(justAfterMidnight)).toEqual(at('2026-11-28T23:00:00Z'));
    expect(dayUse(rows, justAfterMidnight)).toEqual({
      requestsToday: 37,
      rateLimitedToday: 3,
      hour: at('2026-11-29T00:00:00Z'),
      requestsThisHour: 37,
      requestsHourBefore: 80,
    });
    const later = at('2026-11-29T02:05:00Z');
    expect(dayUseSince(later)).toEqual(at('2026-11-29T00:00:00Z'));
    expect(dayUse([...rows, row('2026-11-29T01:00:00Z', 'default', 4, 0)], later)).toEqual({
      requestsToday: 41,
      rateLimitedToday: 3,
      hour: at('2026-11-29T02:00:00Z'),
      requestsThisHour: 0,
      requestsHourBefore: 4,
    });
  });
});
