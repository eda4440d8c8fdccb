import type { MarketOutcomeTarget } from './settlement-plan.js';

export type MarketAction =
  { kind: 'resolve'; outcomeId: string } | { kind: 'void' } | { kind: 'correct'; target: MarketOutcomeTarget };

/** Which positions a change moves, and which events it sends (docs/platform-api.md, "Settlement and corrections"). */
export type Transition =
  | { ok: true; kind: 'resolve' | 'void' | 'settlement_correction' | 'void_correction'; target: MarketOutcomeTarget }
  | { ok: false; code: 'state_conflict' | 'validation_failed'; message: string };

export interface MarketStanding {
  status: 'open' | 'suspended' | 'resolved' | 'voided';
  resolvedOutcomeId: string | null;
  outcomeIds: string[];
}

/** Whether an action may happen to a market in its status, and what kind of change it is. */
export function transitionOf(market: MarketStanding, action: MarketAction): Transition {
  const target: MarketOutcomeTarget =
    action.kind === 'resolve'
      ? { status: 'resolved', outcomeId: action.outcomeId }
      : action.kind === 'void'
        ? { status: 'voided' }
        : action.target;
  if (target.status === 'resolved' && !market.outcomeIds.includes(target.outcomeId)) {
    return { ok: false, code: 'validation_failed', message: `The market has no outcome ${target.outcomeId}.` };
  }
  const live = market.status === 'open' || market.status === 'suspended';
  if (action.kind !== 'correct') {
    if (!live)
      return {
        ok: false,
        code: 'state_conflict',
        message: `The market is already ${market.status}; use a correction.`,
      };
    return { ok: true, kind: action.kind, target };
  }
  if (live)
    return {
      ok: false,
      code: 'state_conflict',
      message: `The market is ${market.status}; only a resolved or voided market can be corrected.`,
    };
  if (market.status === 'resolved' && target.status === 'resolved') {
    if (target.outcomeId === market.resolvedOutcomeId)
      return { ok: false, code: 'state_conflict', message: 'The market is already resolved to that outcome.' };
    return { ok: true, kind: 'settlement_correction', target };
  }
  if (market.status === target.status)
    return { ok: false, code: 'state_conflict', message: 'The market is already voided.' };
  return { ok: true, kind: 'void_correction', target };
}
