export { displayPrefix, environmentOfKey, generateApiKey, hashApiKey } from './api-key.js';
export {
  insertApiKey,
  listTenantKeys,
  lockKey,
  pendingRotationOf,
  revokeKey,
  revokeTenantKeys,
  type ApiKeyRecord,
} from './api-key-repo.js';
export { authenticateApiKey, type AuthenticatedKey } from './authenticate-api-key.js';
export { rotationStateOf, type RotatingKey } from './model/rotation-state.js';
export { SCOPES, type Scope } from './model/scopes.js';
