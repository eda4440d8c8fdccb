import { formatAmount } from '../../lib/money.js';
import type { EventContent } from '../events/index.js';
import { formatPrice } from '../markets/model/quotes.js';
import type { Transition } from './model/market-transition.js';
import type { EndState, Ending } from './model/settlement-plan.js';
import type { SettleablePosition } from '../positions/index.js';

/** A settled_loss pays "0", every other payout has two decimals (docs/operator-api.md, "Positions"). */
const payoutText = (state: 'open' | EndState, payout: bigint | null) =>
  state === 'settled_loss' ? '0' : formatAmount(payout ?? 0n);

/**
 * The narrowings the events need and the plan guarantees (outcome-plan.ts): a resolve and a settlement
 * correction only see settled states, a correction never sees an open position, a void always credits a
 * refund and a resolved market always has an outcome. Broken, they are bugs, not outcomes.
 */
function settled(state: 'open' | EndState): 'settled_win' | 'settled_loss' {
  if (state === 'settled_win' || state === 'settled_loss') return state;
  throw new Error(`A position ${state} where a settled one was expected.`);
}

function ended(state: 'open' | EndState): EndState {
  if (state === 'open') throw new Error('An open position where an ended one was expected.');
  return state;
}

function present<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`No ${what}.`);
  return value;
}

function endedStatus(status: string): 'resolved' | 'voided' {
  if (status === 'resolved' || status === 'voided') return status;
  throw new Error(`A market ${status} where a resolved or voided one was expected.`);
}

/**
 * The event a moved position sends, with exactly the fields of its schema (events/payloads.ts). An initial resolve
 * sends position.settled, a void position.voided, and corrections their corrected variants, never the plain ones.
 */
export function positionEvent(
  kind: Extract<Transition, { ok: true }>['kind'],
  position: SettleablePosition,
  marketSlug: string,
  ending: Ending,
  settlementTransactionId: string | null,
): EventContent<'position.settled' | 'position.voided' | 'position.settlement_corrected' | 'position.void_corrected'> {
  const common = {
    position_id: position.id,
    external_user_id: position.externalUserId,
    market_slug: marketSlug,
    outcome_id: position.outcomeId,
  };
  const previousPayout = payoutText(position.state, position.payout);
  switch (kind) {
    case 'resolve':
      return {
        type: 'position.settled',
        data: {
          ...common,
          state: settled(ending.state),
          stake: formatAmount(position.stake),
          price: formatPrice(position.priceMicro),
          payout: payoutText(ending.state, ending.payout),
          settlement_transaction_id: settlementTransactionId,
        },
      };
    case 'void':
      return {
        type: 'position.voided',
        data: {
          ...common,
          state: 'voided',
          stake: formatAmount(position.stake),
          payout: formatAmount(ending.payout),
          settlement_transaction_id: present(settlementTransactionId, 'market_void_refund for a voided position'),
        },
      };
    case 'settlement_correction':
      return {
        type: 'position.settlement_corrected',
        data: {
          ...common,
          previous_state: settled(position.state),
          state: settled(ending.state),
          previous_payout: previousPayout,
          payout: payoutText(ending.state, ending.payout),
          reversed_transaction_id: position.settlementTransactionId,
          settlement_transaction_id: settlementTransactionId,
        },
      };
    case 'void_correction':
      return {
        type: 'position.void_corrected',
        data: {
          ...common,
          previous_state: ended(position.state),
          state: ending.state,
          stake: formatAmount(position.stake),
          previous_payout: previousPayout,
          payout: payoutText(ending.state, ending.payout),
          reversed_transaction_id: position.settlementTransactionId,
          settlement_transaction_id: settlementTransactionId,
        },
      };
  }
}

/** The market event of a change, to every tenant environment with the market enabled. */
export function marketEvent(
  kind: Extract<Transition, { ok: true }>['kind'],
  slug: string,
  previous: { status: string; resolvedOutcomeId: string | null },
  target: { status: 'resolved'; outcomeId: string } | { status: 'voided' },
): EventContent<'market.resolved' | 'market.voided' | 'market.resolution_corrected' | 'market.void_corrected'> {
  const resolvedOutcomeId = target.status === 'resolved' ? target.outcomeId : null;
  switch (kind) {
    case 'resolve':
      return {
        type: 'market.resolved',
        data: { market_slug: slug, resolved_outcome_id: present(resolvedOutcomeId, 'outcome for a resolve') },
      };
    case 'void':
      return { type: 'market.voided', data: { market_slug: slug } };
    case 'settlement_correction':
      return {
        type: 'market.resolution_corrected',
        data: {
          market_slug: slug,
          previous_outcome_id: present(previous.resolvedOutcomeId, 'previous outcome for a correction'),
          resolved_outcome_id: present(resolvedOutcomeId, 'outcome for a settlement correction'),
        },
      };
    case 'void_correction':
      return {
        type: 'market.void_corrected',
        data: {
          market_slug: slug,
          previous_status: endedStatus(previous.status),
          status: target.status,
          previous_outcome_id: previous.status === 'resolved' ? previous.resolvedOutcomeId : null,
          resolved_outcome_id: resolvedOutcomeId,
        },
      };
  }
}
