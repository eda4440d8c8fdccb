export type { Discrepancy } from './discrepancy-repo.js';
export { DISCREPANCY_EVENT, type DiscrepancyEventData } from './discrepancy-event.js';
export {
  latestDiscrepancies,
  listAllDiscrepancies,
  listDiscrepancies,
  RECENT_DISCREPANCY_DAYS,
  recentDiscrepancyCounts,
} from './list-discrepancies.js';
export type { RunTrigger } from './run-repo.js';
export { LISTED_DISCREPANCIES, PAGE_SIZE, runReconciliation, type ReconciliationRun } from './run-reconciliation.js';
export * from './schemas.js';
