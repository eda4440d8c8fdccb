export { displayPrefix, environmentOfKey, generateApiKey, hashApiKey } from './api-key.js';
export {
  findKeyUse,
  insertApiKey,
  listTenantKeys,
  lockKey,
  pendingRotationOf,
  revokeKey,
  revokeTenantKeys,
  type ApiKeyRecord,
  type KeyGrant,
  type KeyUse,
} from './api-key-repo.js';
export { authenticateApiKey, type AuthenticatedKey } from './authenticate-api-key.js';
export { KEY_CACHE_BOUND_MS, keyCache, type KeyCache, type KeyInvalidation } from './key-cache.js';
export { forgetKeysAfterCommit, KEY_CHANGES_CHANNEL, keyChangeHandlers } from './key-changes.js';
export { rotationStateOf, type RotatingKey } from './model/rotation-state.js';
export { SCOPES, type Scope } from './model/scopes.js';
