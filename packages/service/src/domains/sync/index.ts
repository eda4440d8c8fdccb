export { applyBalanceSync, applyBalanceSyncBatch } from './apply-balance-sync.js';
export { ENTRY_TYPE_BY_DIRECTION } from './model/sync-rules.js';
export { RoundSyncs } from './round-syncs.js';
export {
  BalanceSyncBatchBody,
  BalanceSyncBatchResult,
  BalanceSyncBody,
  BalanceSyncResult,
  BatchItem,
  MAX_BATCH_ITEMS,
  movementOf,
  presentSyncApplied,
  type Movement,
  type SyncApplied,
} from './schemas.js';
export type { KeyedMovement } from './sync-batch.js';
export { syncHandler, type SyncState } from './sync-handler.js';
export { insertSyncRecordsSql, type SyncRecord } from './sync-repo.js';
