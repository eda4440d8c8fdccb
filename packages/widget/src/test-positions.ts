import type { Position } from './store.js';

/** A position as the API answers it, for unit tests: an open 10.00 at 0.50, with what a test changes. */
export const position = (over: Partial<Position> = {}): Position => ({
  id: 'p',
  market_slug: 'm',
  outcome_id: 'o',
  state: 'open',
  stake: '10.00',
  shares: '20.000000',
  price: '0.500000',
  payout: null,
  close_price: null,
  opened_at: '2026-06-01T00:00:00.000Z',
  closed_at: null,
  settled_at: null,
  ...over,
});
