import { describe, expect, it } from 'vitest';
import { phaseOf, resultOn, sortMarkets } from './market-order.js';
import type { Market, Position } from './store.js';
import { position } from './test-positions.js';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const market = (
  slug: string,
  status: Market['status'],
  closes_at: string,
  opens_at = '2026-01-01T00:00:00Z',
): Market => ({
  slug,
  title: slug,
  status,
  opens_at,
  closes_at,
  resolved_outcome_id: null,
  outcomes: [],
});

describe('the market list order', () => {
  it('puts open markets closing soonest first, then paused, then the ended ones, latest first', () => {
    const list = [
      market('resolved-old', 'resolved', '2026-01-02T00:00:00Z'),
      market('open-late', 'open', '2027-05-01T00:00:00Z'),
      market('voided-new', 'voided', '2026-03-01T00:00:00Z'),
      market('paused', 'suspended', '2026-12-01T00:00:00Z'),
      market('open-soon', 'open', '2026-12-24T00:00:00Z'),
    ];
    expect(sortMarkets(list, NOW).map((m) => m.slug)).toEqual([
      'open-soon',
      'open-late',
      'paused',
      'voided-new',
      'resolved-old',
    ]);
  });

  it('puts markets that open later after the open ones, and closed ones awaiting a result before the ended', () => {
    const list = [
      market('awaiting', 'open', '2026-11-01T00:00:00Z'),
      market('resolved', 'resolved', '2026-10-01T00:00:00Z'),
      market('upcoming', 'open', '2027-02-01T00:00:00Z', '2026-12-01T00:00:00Z'),
      market('open', 'open', '2027-03-01T00:00:00Z'),
    ];
    expect(sortMarkets(list, NOW).map((m) => m.slug)).toEqual(['open', 'upcoming', 'awaiting', 'resolved']);
    expect(list.map((m) => phaseOf(m, NOW))).toEqual(['awaiting', 'resolved', 'upcoming', 'open']);
  });

  it('keeps the API order between equals', () => {
    const list = ['a', 'b', 'c'].map((slug) => market(slug, 'open', '2027-01-01T00:00:00Z'));
    expect(sortMarkets(list, NOW).map((m) => m.slug)).toEqual(['a', 'b', 'c']);
  });
});

describe("the user's result on an ended market", () => {
  const ended = (state: Position['state'], stake: string, payout: string | null) =>
    position({ id: `${state}-${stake}`, state, stake, payout, shares: '1', price: '0.5' });

  it('sums what the winning positions paid', () => {
    const resolved = market('m', 'resolved', '2026-01-01T00:00:00Z');
    const held = [ended('settled_win', '10.00', '20.37'), ended('settled_win', '5.00', '9.99')];
    expect(resultOn(resolved, held)).toEqual({ kind: 'won', amount: '30.36' });
  });

  it('reports the stake lost when nothing won, and ignores positions closed before the end', () => {
    const resolved = market('m', 'resolved', '2026-01-01T00:00:00Z');
    const held = [ended('settled_loss', '30.00', '0.00'), ended('closed', '7.00', '8.00')];
    expect(resultOn(resolved, held)).toEqual({ kind: 'lost', amount: '30.00' });
  });

  it('gives the net when the user held both a winner and a loser', () => {
    const resolved = market('m', 'resolved', '2026-01-01T00:00:00Z');
    const held = [ended('settled_win', '10.00', '19.09'), ended('settled_loss', '25.00', '0.00')];
    expect(resultOn(resolved, held)).toEqual({ kind: 'net', amount: '-5.91' });
  });

  it('refunds on a voided market, and says nothing when the user held nothing', () => {
    const voided = market('m', 'voided', '2026-01-01T00:00:00Z');
    expect(resultOn(voided, [ended('voided', '10.00', '10.00')])).toEqual({ kind: 'refunded', amount: '10.00' });
    expect(resultOn(voided, [ended('closed', '10.00', '11.00')])).toBeNull();
  });
});
