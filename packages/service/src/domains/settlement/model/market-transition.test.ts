import { describe, expect, it } from 'vitest';
import { transitionOf, type MarketStanding } from './market-transition.js';

const market = (status: MarketStanding['status'], resolvedOutcomeId: string | null = null): MarketStanding => ({
  status,
  resolvedOutcomeId,
  outcomeIds: ['a', 'b'],
});

describe('transitionOf (docs/platform-api.md, "Markets" and "Settlement and corrections")', () => {
  it.each([
    [market('open'), { kind: 'resolve', outcomeId: 'a' }, 'resolve'],
    [market('suspended'), { kind: 'void' }, 'void'],
    [
      market('resolved', 'a'),
      { kind: 'correct', target: { status: 'resolved', outcomeId: 'b' } },
      'settlement_correction',
    ],
    [market('voided'), { kind: 'correct', target: { status: 'resolved', outcomeId: 'a' } }, 'void_correction'],
    [market('resolved', 'a'), { kind: 'correct', target: { status: 'voided' } }, 'void_correction'],
  ] as const)('%j + %j is a %s', (m, action, kind) => {
    expect(transitionOf(m, action)).toMatchObject({ ok: true, kind });
  });

  it.each([
    [market('resolved', 'a'), { kind: 'resolve', outcomeId: 'b' }],
    [market('voided'), { kind: 'void' }],
    [market('open'), { kind: 'correct', target: { status: 'voided' } }],
    [market('resolved', 'a'), { kind: 'correct', target: { status: 'resolved', outcomeId: 'a' } }],
    [market('voided'), { kind: 'correct', target: { status: 'voided' } }],
  ] as const)('%j + %j is a state_conflict', (m, action) => {
    expect(transitionOf(m, action)).toMatchObject({ ok: false, code: 'state_conflict' });
  });

  it('refuses an outcome the market does not have', () => {
    expect(transitionOf(market('open'), { kind: 'resolve', outcomeId: 'z' })).toMatchObject({
      ok: false,
      code: 'validation_failed',
    });
  });
});
