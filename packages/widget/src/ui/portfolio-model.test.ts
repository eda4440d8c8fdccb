import { describe, expect, it } from 'vitest';
import { position } from '../test-positions.js';
import { endedNewestFirst, openNewestFirst, profitOf, recordOf, resultOf } from './portfolio-model.js';

describe('the portfolio model', () => {
  it('counts profit and loss in whole cents, as money and as a share of the stake', () => {
    expect(profitOf('12.10', '10.00')).toEqual({ amount: 2.1, ratio: 0.21 });
    expect(profitOf('7.00', '10.00')).toEqual({ amount: -3, ratio: -0.3 });
    expect(profitOf('0.30', '0.10')).toEqual({ amount: 0.2, ratio: 2 });
    expect(profitOf('1.00', '0.00').ratio).toBe(0);
  });

  it('says what an ended position came to', () => {
    expect(resultOf(position({ state: 'settled_win', payout: '50.74', stake: '30.00' }))).toEqual({
      kind: 'won',
      payout: '50.74',
      profit: { amount: 20.74, ratio: 2074 / 3000 },
    });
    expect(resultOf(position({ state: 'settled_loss', payout: '0.00', stake: '30.00' }))).toEqual({
      kind: 'lost',
      stake: '30.00',
    });
    expect(resultOf(position({ state: 'voided', payout: '10.00' }))).toEqual({ kind: 'refunded', payout: '10.00' });
    expect(resultOf(position({ state: 'closed', payout: '12.10' }))).toMatchObject({
      kind: 'closed',
      profit: { amount: 2.1 },
    });
    expect(resultOf(position({}))).toBeNull();
  });

  it('puts the newest first: open ones by opening, ended ones by their end', () => {
    const a = position({ id: 'a', opened_at: '2026-06-01T00:00:00Z' });
    const b = position({ id: 'b', opened_at: '2026-06-02T00:00:00Z' });
    const c = position({
      id: 'c',
      state: 'closed',
      opened_at: '2026-05-01T00:00:00Z',
      closed_at: '2026-06-03T00:00:00Z',
    });
    const d = position({
      id: 'd',
      state: 'voided',
      opened_at: '2026-05-02T00:00:00Z',
      settled_at: '2026-06-02T00:00:00Z',
    });
    expect(openNewestFirst([a, c, b, d]).map((p) => p.id)).toEqual(['b', 'a']);
    expect(endedNewestFirst([a, d, c]).map((p) => p.id)).toEqual(['c', 'd']);
  });
});

describe('recordOf', () => {
  it('sums what ended positions came to, counts the open ones and the markets won once each', () => {
    const record = recordOf([
      position({}),
      position({ market_slug: 'a', state: 'settled_win', payout: '20.00' }),
      position({ market_slug: 'a', state: 'settled_win', stake: '5.00', payout: '9.99' }),
      position({ market_slug: 'b', state: 'settled_loss', stake: '7.50' }),
      position({ market_slug: 'c', state: 'closed', payout: '12.10' }),
      position({ market_slug: 'd', state: 'voided', payout: '10.00' }),
    ]);
    // +10.00 +4.99 −7.50 +2.10 +0 = +9.59
    expect(record).toEqual({ pnlCents: 959, open: 1, marketsWon: 1, marketsEnded: 4 });
  });

  it('counts a market as ended only once the user holds nothing on it', () => {
    const record = recordOf([
      position({ market_slug: 'a', state: 'closed', payout: '12.00' }),
      position({ market_slug: 'a' }),
      position({ market_slug: 'b', state: 'settled_win', payout: '20.00' }),
    ]);
    expect(record).toMatchObject({ pnlCents: 1200, open: 1, marketsWon: 1, marketsEnded: 1 });
  });

  it('is all zeros for a user with no positions', () => {
    expect(recordOf([])).toEqual({ pnlCents: 0, open: 0, marketsWon: 0, marketsEnded: 0 });
  });
});
