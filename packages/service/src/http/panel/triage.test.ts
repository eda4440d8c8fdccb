import { describe, expect, it } from 'vitest';
import { LATE_RESOLUTION_MS, STALE_PENDING_MS, triage, trendOf, type EnvironmentTotals } from './triage.js';

const quiet = (environment: 'live' | 'sandbox'): EnvironmentTotals => ({
  environment,
  dead: 0,
  deadTenants: 0,
  pending: 0,
  oldestPendingMs: null,
  tickets: 0,
  discrepancies: 0,
  errors: 0,
  refusalsBefore: 0,
  failures: 0,
});
const calmInput = {
  pausedSwitches: [],
  pausedTenants: 0,
  awaitingClosedMs: [],
  environments: [quiet('sandbox'), quiet('live')],
};

describe('the overview triage', () => {
  it('says every area is calm in one line when nothing is wrong', () => {
    expect(triage(calmInput)).toEqual({
      items: [],
      calm: [
        'no kill switch paused',
        'live healthy',
        'no tenant paused',
        'every closed market resolved',
        'sandbox healthy',
      ],
    });
  });

  it('puts the worst first: a kill switch and live money before single tenants, markets and sandbox', () => {
    const { items, calm } = triage({
      pausedSwitches: ['positions'],
      pausedTenants: 1,
      awaitingClosedMs: [LATE_RESOLUTION_MS + 1, 60_000],
      environments: [
        { ...quiet('sandbox'), dead: 40, deadTenants: 2, tickets: 1 },
        { ...quiet('live'), dead: 3, deadTenants: 1, discrepancies: 1, pending: 9, oldestPendingMs: STALE_PENDING_MS },
      ],
    });
    expect(items.map((i) => [i.severity, i.title])).toEqual([
      ['critical', 'Kill switch paused for every tenant: positions'],
      ['critical', '3 dead letters in live'],
      ['critical', '1 reconciliation discrepancy in live'],
      ['warning', '9 webhook deliveries waiting in live'],
      ['warning', '1 tenant pause in force'],
      ['warning', '2 markets past their close, not resolved'],
      ['warning', '40 dead letters in sandbox'],
      ['notice', '1 open support ticket in sandbox'],
    ]);
    expect(items.find((i) => i.title.startsWith('2 markets'))!.detail).toBe('1 for more than a day');
    expect(calm).toEqual([]);
  });

  it('calls rising refusals a warning and steady ones a notice, with the hour before; internal errors in live are critical', () => {
    const rising = triage({
      ...calmInput,
      environments: [quiet('sandbox'), { ...quiet('live'), errors: 45, refusalsBefore: 10, failures: 2 }],
    });
    expect(rising.items.map((i) => [i.severity, i.title, i.trend])).toEqual([
      ['critical', '2 internal errors in live in the last hour', undefined],
      ['warning', '43 refused requests in live in the last hour', 'up from 10 the hour before'],
    ]);
    const steady = triage({
      ...calmInput,
      environments: [quiet('live'), { ...quiet('sandbox'), errors: 30, refusalsBefore: 28 }],
    });
    expect(steady.items).toEqual([
      expect.objectContaining({ severity: 'notice', trend: 'up from 28 the hour before' }),
    ]);
    expect(steady.calm).toContain('live healthy');
  });

  it('leaves a fresh backlog alone: a queue doing its work is not trouble', () => {
    const { items } = triage({
      ...calmInput,
      environments: [quiet('sandbox'), { ...quiet('live'), pending: 50, oldestPendingMs: 30_000 }],
    });
    expect(items).toEqual([]);
  });

  it('says the trend in words', () => {
    expect(trendOf(0, 0)).toBe('none the hour before either');
    expect(trendOf(4, 0)).toBe('none the hour before');
    expect(trendOf(4, 4)).toBe('as many as the hour before (4)');
    expect(trendOf(2, 9)).toBe('down from 9 the hour before');
  });
});
