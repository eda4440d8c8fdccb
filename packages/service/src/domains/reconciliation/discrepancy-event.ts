import { formatAmount } from '../../lib/money.js';
import type { EventData, EventType } from '../events/index.js';
import type { Discrepancy } from './discrepancy-repo.js';

export const DISCREPANCY_EVENT = 'reconciliation.discrepancy' satisfies EventType;

/**
 * The data of a reconciliation.discrepancy event (docs/operator-api.md, "Reconciliation"): exactly its schema's fields,
 * amounts as decimals.
 */
export type DiscrepancyEventData = EventData<typeof DISCREPANCY_EVENT>;

export function discrepancyEventData(d: Omit<Discrepancy, 'seq'>): DiscrepancyEventData {
  return {
    discrepancy_id: d.id,
    report_id: d.reportId,
    external_user_id: d.externalUserId,
    ledger_balance: formatAmount(d.ledgerBalance),
    operator_balance: formatAmount(d.operatorBalance),
    delta: formatAmount(d.delta),
  };
}
