import { describe, expect, it } from 'vitest';
import { chartData, hasHistory, historyPlan } from './chart-data.js';

const now = new Date('2026-11-26T10:17:30Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('historyPlan', () => {
  it('asks a day by the minute, ending now, within the server’s 1,500 buckets', () => {
    expect(historyPlan('day', ago(30 * DAY), now)).toEqual([{ interval: '1m', from: ago(DAY), to: now.toISOString() }]);
  });

  it('asks a week by the hour, then by the minute over the last 1,499 minutes for a young market', () => {
    const plan = historyPlan('week', ago(30 * DAY), now);
    expect(plan.map((q) => q.interval)).toEqual(['1h', '1m']);
    expect(plan[0]!.from).toBe(ago(7 * DAY));
    expect(plan[1]!.from).toBe(ago(1_499 * 60_000));
  });

  it('asks all since opens_at by the hour up to 62 days, by the day beyond, at most 1,499 days back', () => {
    expect(historyPlan('all', ago(3 * DAY), now)[0]).toEqual({
      interval: '1h',
      from: ago(3 * DAY),
      to: now.toISOString(),
    });
    const old = historyPlan('all', ago(100 * DAY), now);
    expect(old.map((q) => q.interval)).toEqual(['1d', '1h', '1m']);
    expect(old[0]!.from).toBe(ago(100 * DAY));
    expect(historyPlan('all', ago(3000 * DAY), now)[0]!.from).toBe(ago(1_499 * DAY));
  });

  it('asks a market not yet open over at least an hour, never from ≥ to', () => {
    const [query] = historyPlan('all', new Date(now.getTime() + DAY).toISOString(), now);
    expect(Date.parse(query!.from)).toBeLessThan(now.getTime());
  });
});

describe('chartData', () => {
  const outcomes = [
    { id: 'yes', title: 'Yes', price: '0.61' },
    { id: 'no', title: 'No', price: '0.39' },
  ];

  it('is every point and then now at the current prices, one series per outcome', () => {
    const data = chartData(
      {
        points: [
          {
            ts: ago(2 * HOUR),
            outcomes: [
              { id: 'yes', price: '0.5' },
              { id: 'no', price: '0.5' },
            ],
          },
          {
            ts: ago(HOUR),
            outcomes: [
              { id: 'yes', price: '0.6' },
              { id: 'no', price: '0.4' },
            ],
          },
        ],
      },
      outcomes,
      now,
    );
    expect(data.times).toEqual([now.getTime() - 2 * HOUR, now.getTime() - HOUR, now.getTime()]);
    expect(data.series).toEqual([
      { id: 'yes', title: 'Yes', values: [0.5, 0.6, 0.61] },
      { id: 'no', title: 'No', values: [0.5, 0.4, 0.39] },
    ]);
    expect(hasHistory(data)).toBe(true);
  });

  it('carries a price over a point that lacks the outcome', () => {
    const data = chartData(
      {
        points: [
          { ts: ago(2 * HOUR), outcomes: [{ id: 'no', price: '0.5' }] },
          { ts: ago(HOUR), outcomes: [{ id: 'yes', price: '0.6' }] },
        ],
      },
      outcomes,
      now,
    );
    expect(data.series[0]!.values).toEqual([0.6, 0.6, 0.61]);
    expect(data.series[1]!.values).toEqual([0.5, 0.5, 0.39]);
  });

  it('has no history with no point before now', () => {
    expect(hasHistory(chartData({ points: [] }, outcomes, now))).toBe(false);
  });

  const history = {
    points: [
      {
        ts: ago(3 * HOUR),
        outcomes: [
          { id: 'yes', price: '0.5' },
          { id: 'no', price: '0.5' },
        ],
      },
    ],
  };

  it('adds the prices seen after the history at the moment they were seen, so no change is lost', () => {
    const trail = [
      { at: now.getTime() - 4 * HOUR, prices: [{ id: 'yes', price: '0.1' }] }, // before the history: ignored
      {
        at: now.getTime() - HOUR,
        prices: [
          { id: 'yes', price: '0.55' },
          { id: 'no', price: '0.45' },
        ],
      },
    ];
    const data = chartData(history, outcomes, now, trail);
    expect(data.times).toEqual([now.getTime() - 3 * HOUR, now.getTime() - HOUR, now.getTime()]);
    expect(data.series[0]!.values).toEqual([0.5, 0.55, 0.61]);
  });

  it('ends a resolved market at its resolution time, the winner at 1 and the other at 0', () => {
    const at = now.getTime() - 2 * HOUR;
    const later = { at: now.getTime() - HOUR, prices: [{ id: 'yes', price: '0.9' }] };
    const data = chartData(history, outcomes, now, [later], { at, winner: 'no' });
    expect(data.times).toEqual([now.getTime() - 3 * HOUR, at]);
    expect(data.series.map((s) => s.values.at(-1))).toEqual([0, 1]);
  });

  it('ends a voided market at its resolution time where its prices were', () => {
    const at = now.getTime() - 2 * HOUR;
    const data = chartData(history, outcomes, now, [], { at, winner: null });
    expect(data.times.at(-1)).toBe(at);
    expect(data.series.map((s) => s.values.at(-1))).toEqual([0.61, 0.39]);
  });
});
