export { applyBalanceSyncs, ENTRY_TYPE_BY_DIRECTION, type Movement, type SyncApplied } from './apply-balance-syncs.js';
export { insertSyncRecords, type SyncRecord } from './sync-repo.js';
export {
  BalanceSyncBatchBody,
  BalanceSyncBatchResult,
  BalanceSyncBody,
  BalanceSyncResult,
  BatchItem,
  MAX_BATCH_ITEMS,
  movementOf,
  presentSyncApplied,
} from './schemas.js';
