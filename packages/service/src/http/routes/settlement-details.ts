import type { MarketAction } from '../../domains/settlement/index.js';

/**
 * What the audit log keeps of an ending asked for (a platform market's or a sandbox test market's): the
 * outcome of a resolve, a void, or a correction's new status and outcome.
 */
export function settlementDetails(action: MarketAction): Record<string, unknown> {
  if (action.kind === 'resolve') return { outcome_id: action.outcomeId };
  if (action.kind === 'void') return { change: 'void' };
  return action.target.status === 'resolved'
    ? { to: 'resolved', outcome_id: action.target.outcomeId }
    : { to: 'voided' };
}
