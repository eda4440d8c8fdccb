import { describe, expect, it } from 'vitest';
import { position } from '../test-positions.js';
import { groupByOutcome, totalsOf } from './portfolio-groups.js';

describe('grouped positions', () => {
  it('groups by market and outcome in the order of each group’s newest position', () => {
    const a = position({ id: 'a', market_slug: 'lions', outcome_id: 'yes' });
    const b = position({ id: 'b', market_slug: 'tigers', outcome_id: 'yes' });
    const c = position({ id: 'c', market_slug: 'lions', outcome_id: 'yes' });
    const d = position({ id: 'd', market_slug: 'lions', outcome_id: 'no' });
    const groups = groupByOutcome([a, b, c, d]);
    expect(groups.map((g) => g.positions.map((p) => p.id))).toEqual([['a', 'c'], ['b'], ['d']]);
  });

  it('sums shares, stake, value and profit in cents, with the average price per share', () => {
    const a = position({ id: 'a', stake: '10.00', shares: '20.000000' });
    const b = position({ id: 'b', stake: '5.10', shares: '6.000000' });
    const quoted: Record<string, string> = { a: '12.00', b: '4.20' };
    const totals = totalsOf([a, b], (id) => quoted[id] ?? null);
    expect(totals.shares).toBe(26);
    expect(totals.stake).toBe('15.10');
    expect(totals.averagePrice).toBeCloseTo(15.1 / 26, 10);
    expect(totals.value).toBe('16.20');
    expect(totals.profit?.amount).toBeCloseTo(1.1, 10);
    expect(totals.profit?.ratio).toBeCloseTo(1.1 / 15.1, 10);
  });

  it('has no value or profit while any position is not quoted yet', () => {
    const totals = totalsOf([position({ id: 'a' }), position({ id: 'b' })], (id) => (id === 'a' ? '12.00' : null));
    expect(totals.stake).toBe('20.00');
    expect(totals.value).toBeNull();
    expect(totals.profit).toBeNull();
    expect(totalsOf([], () => null)).toMatchObject({ stake: '0.00', value: null, profit: null, shares: 0 });
  });
});
