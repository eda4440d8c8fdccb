export type { Discrepancy } from './discrepancy-repo.js';
export { DISCREPANCY_EVENT, type DiscrepancyEventData } from './discrepancy-event.js';
export {
  latestDiscrepancies,
  listAllDiscrepancies,
  listDiscrepancies,
  RECENT_DISCREPANCY_DAYS,
  recentDiscrepancyCounts,
} from './list-discrepancies.js';
export { reconciliationStatus, type ReconciliationStatus } from './get-status.js';
export { DAILY_RUN_UTC, RECONCILIATION_CRON } from './model/schedule.js';
export type { RunRecord, RunTrigger } from './run-repo.js';
export { LISTED_DISCREPANCIES, PAGE_SIZE, runReconciliation, type ReconciliationRun } from './run-reconciliation.js';
export * from './schemas.js';
