export { ENTRY_TYPE_BY_DIRECTION, MAX_SYNCED_BALANCE_MINOR } from './model/sync-rules.js';
export { RoundSyncs, type SyncRecord } from './round-syncs.js';
export {
  BalanceSyncBatchBody,
  BalanceSyncBatchResult,
  BalanceSyncBody,
  BalanceSyncResult,
  BatchItem,
  MAX_BATCH_ITEMS,
  movementOf,
  presentSyncApplied,
  type KeyedMovement,
  type Movement,
  type SyncApplied,
} from './schemas.js';
export { applyBalanceSyncBatch } from './sync-batch.js';
export { applyBalanceSync, syncHandler, type SyncState } from './sync-handler.js';
