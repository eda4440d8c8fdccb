import { formatAmount } from '../../lib/money.js';
import type { Discrepancy } from './discrepancy-repo.js';

export const DISCREPANCY_EVENT = 'reconciliation.discrepancy';

/** The data of a reconciliation.discrepancy event (spec 6.3): exactly these fields, amounts as decimals. */
export type DiscrepancyEventData = {
  discrepancy_id: string;
  report_id: string;
  external_user_id: string;
  ledger_balance: string;
  operator_balance: string;
  delta: string;
};

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
