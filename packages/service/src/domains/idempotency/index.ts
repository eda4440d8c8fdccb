export { claimAnswer, refusalAnswer } from './answers.js';
export { fingerprint } from './fingerprint.js';
export { keyedWork, type KeyedWork } from './keyed-work.js';
export type { KeyedRoute } from './keyed-route.js';
export { keyOfCommand, keyStore, type KeyOfCommand } from './key-store.js';
export {
  checkKeysStored,
  claimKeysInTransaction,
  keyName,
  storeKeyAnswersSql,
  type KeyClaim,
  type KeyRef,
  type KeyScope,
  type StoredKeyAnswer,
} from './keys-in-transaction.js';
export { claimOf, type Claim } from './model/claim.js';
export { KEYED_OPERATIONS, type KeyedOperation } from './operations.js';
export { purgeExpiredAnswers } from './purge-expired-answers.js';
export { IdempotencyHeaders, IdempotencyKey } from './schemas.js';
