export { getUser } from './get-user.js';
export { isExternalUserId } from './model/external-user-id.js';
export { putUser, type PutUserInput } from './put-user.js';
export { ExternalUserId, presentUser, PutUserBody, User, UserParams } from './schemas.js';
export { sessionUserRow } from './session-user.js';
export {
  findBalances,
  findUser,
  findUserById,
  lockUser,
  findUsersByExternalId,
  streamUserRows,
  type UserPlace,
  type UserRow,
} from './user-repo.js';
