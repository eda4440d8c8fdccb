import { describe, expect, it } from 'vitest';
import { quoteOpen } from '../../markets/model/quotes.js';
import { afterRefusedFill, decideOrder, isExpired, type MarketState, type OrderTerms } from './order-rules.js';

const now = new Date('2026-06-01T12:00:00Z');
const market = (over: Partial<MarketState> = {}): MarketState => ({
  status: 'open',
  opensAt: new Date('2026-06-01T00:00:00Z'),
  closesAt: new Date('2026-06-30T00:00:00Z'),
  b: 100,
  q: [0, 0],
  outcomes: [{ id: 'yes' }, { id: 'no' }],
  ...over,
});
const order = (over: Partial<OrderTerms> = {}): OrderTerms => ({
  outcomeId: 'yes',
  stake: 1000n,
  limitPriceMicro: 600_000n,
  expiresAt: null,
  ...over,
});

describe('decideOrder', () => {
  it('fills exactly when the price at open for the stake is at or below the limit', () => {
    // 10.00 on an even two-outcome market with b = 100 opens at 0.523827.
    expect(quoteOpen([0, 0], 100, 0, 1000n)).toMatchObject({ ok: true, priceMicro: 523827n });
    expect(decideOrder(order({ limitPriceMicro: 523827n }), market(), now)).toEqual({ action: 'fill' });
    expect(decideOrder(order({ limitPriceMicro: 523826n }), market(), now)).toEqual({ action: 'wait' });
    expect(decideOrder(order({ limitPriceMicro: 1_000_000n }), market(), now)).toEqual({ action: 'fill' });
  });

  it('fills once buying another outcome has lowered the price', () => {
    const after = quoteOpen([0, 0], 100, 1, 5000n);
    if (!after.ok) throw new Error('quote');
    expect(decideOrder(order({ limitPriceMicro: 400_000n }), market(), now)).toEqual({ action: 'wait' });
    expect(decideOrder(order({ limitPriceMicro: 400_000n }), market({ q: after.qAfter }), now)).toEqual({
      action: 'fill',
    });
  });

  it('expires from expires_at on, before anything else', () => {
    expect(decideOrder(order({ expiresAt: now }), market({ status: 'suspended' }), now)).toEqual({ action: 'expire' });
    expect(decideOrder(order({ expiresAt: new Date(now.getTime() + 1) }), market(), now)).toEqual({ action: 'fill' });
    expect(isExpired(order({ expiresAt: null }), now)).toBe(false);
  });

  it('waits on a suspended market, and rejects where the market can never fill it', () => {
    expect(decideOrder(order(), market({ status: 'suspended' }), now)).toEqual({ action: 'wait' });
    expect(decideOrder(order(), market({ status: 'resolved' }), now)).toEqual({
      action: 'reject',
      code: 'validation_failed',
    });
    expect(decideOrder(order(), market({ status: 'voided' }), now)).toEqual({
      action: 'reject',
      code: 'validation_failed',
    });
    expect(decideOrder(order(), market({ closesAt: now }), now)).toEqual({
      action: 'reject',
      code: 'validation_failed',
    });
    expect(decideOrder(order({ outcomeId: 'maybe' }), market(), now)).toEqual({
      action: 'reject',
      code: 'validation_failed',
    });
  });

  it('waits when the market maker cannot quote the stake (a stake the depth cannot take)', () => {
    expect(decideOrder(order({ stake: 100_000_000n, limitPriceMicro: 1_000_000n }), market({ b: 1 }), now)).toEqual({
      action: 'wait',
    });
  });
});

describe('afterRefusedFill', () => {
  it('keeps the order open only when the price or a suspension refused it', () => {
    expect(afterRefusedFill({ code: 'price_moved', priceMicro: 1n })).toBe('wait');
    expect(afterRefusedFill({ code: 'market_suspended' })).toBe('wait');
    expect(afterRefusedFill({ code: 'would_overdraw', balance: 0n })).toBe('reject');
    expect(afterRefusedFill({ code: 'user_blocked' })).toBe('reject');
    expect(afterRefusedFill({ code: 'stake_limit_exceeded', remaining: 0n })).toBe('reject');
    expect(afterRefusedFill({ code: 'validation_failed', message: 'closed' })).toBe('reject');
  });
});
