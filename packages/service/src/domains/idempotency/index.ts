export { fingerprint } from './fingerprint.js';
export {
  completeKeys,
  releaseKeys,
  reserveKeys,
  type Completion,
  type KeyRequest,
  type KeyScope,
} from './idempotency-repo.js';
export { claimOf, type Claim } from './model/claim.js';
export { KEYED_OPERATIONS, type KeyedOperation } from './operations.js';
export { purgeExpiredAnswers } from './purge-expired-answers.js';
export { IdempotencyHeaders, IdempotencyKey } from './schemas.js';
export {
  checkKeysStored,
  claimKeysInTransaction,
  storeKeyAnswersSql,
  type KeyClaim,
  type KeyRef,
  type StoredKeyAnswer,
} from './keys-in-transaction.js';
