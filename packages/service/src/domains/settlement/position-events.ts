import { formatAmount } from '../../lib/money.js';
import { formatPrice } from '../markets/model/quotes.js';
import type { Transition } from './model/market-transition.js';
import type { EndState, Ending } from './model/settlement-plan.js';
import type { SettleablePosition } from './settlement-repo.js';

/** decisions part 3: a settled_loss pays "0", every other payout has two decimals. */
const payoutText = (state: 'open' | EndState, payout: bigint | null) =>
  state === 'settled_loss' ? '0' : formatAmount(payout ?? 0n);

/**
 * The event a moved position sends (spec 6.3), with exactly the listed fields. An initial resolve sends
 * position.settled, a void position.voided, and corrections their corrected variants, never the plain ones.
 */
export function positionEvent(
  kind: Extract<Transition, { ok: true }>['kind'],
  position: SettleablePosition,
  marketSlug: string,
  ending: Ending,
  settlementTransactionId: string | null,
): { type: string; data: Record<string, unknown> } {
  const common = {
    position_id: position.id,
    external_user_id: position.externalUserId,
    market_slug: marketSlug,
    outcome_id: position.outcomeId,
  };
  const previous = { previous_state: position.state, previous_payout: payoutText(position.state, position.payout) };
  switch (kind) {
    case 'resolve':
      return {
        type: 'position.settled',
        data: {
          ...common,
          state: ending.state,
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
          settlement_transaction_id: settlementTransactionId,
        },
      };
    case 'settlement_correction':
      return {
        type: 'position.settlement_corrected',
        data: {
          ...common,
          previous_state: previous.previous_state,
          state: ending.state,
          previous_payout: previous.previous_payout,
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
          previous_state: previous.previous_state,
          state: ending.state,
          stake: formatAmount(position.stake),
          previous_payout: previous.previous_payout,
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
): { type: string; data: Record<string, unknown> } {
  const resolvedOutcomeId = target.status === 'resolved' ? target.outcomeId : null;
  switch (kind) {
    case 'resolve':
      return { type: 'market.resolved', data: { market_slug: slug, resolved_outcome_id: resolvedOutcomeId } };
    case 'void':
      return { type: 'market.voided', data: { market_slug: slug } };
    case 'settlement_correction':
      return {
        type: 'market.resolution_corrected',
        data: {
          market_slug: slug,
          previous_outcome_id: previous.resolvedOutcomeId,
          resolved_outcome_id: resolvedOutcomeId,
        },
      };
    case 'void_correction':
      return {
        type: 'market.void_corrected',
        data: {
          market_slug: slug,
          previous_status: previous.status,
          status: target.status,
          previous_outcome_id: previous.status === 'resolved' ? previous.resolvedOutcomeId : null,
          resolved_outcome_id: resolvedOutcomeId,
        },
      };
  }
}
