export {
  applyBalanceSyncs,
  ENTRY_TYPE_BY_DIRECTION,
  type KeyedMovement,
  type Movement,
  type SyncOutcome,
} from './apply-balance-syncs.js';
export { wouldOverdraw } from './rejections.js';
export {
  BalanceSyncBatchBody,
  BalanceSyncBatchResult,
  BalanceSyncBody,
  BalanceSyncResult,
  BatchItem,
  MAX_BATCH_ITEMS,
  movementOf,
  presentSyncApplied,
  type SyncApplied,
} from './schemas.js';
export { callApplyBalanceSyncs, type AnswerTemplate, type SyncItem } from './sync-repo.js';
