export {
  endedBySuspension,
  isTtlSeconds,
  MAX_TTL_SECONDS,
  MIN_TTL_SECONDS,
  SESSION_CAP_MS,
  SESSION_LIFETIME_MS,
  tokenExpiry,
  type SessionClaims,
} from './model/session.js';
export { renewSession } from './renew-session.js';
export { startSession } from './start-session.js';
export { MintSessionBody, presentSession, WidgetSession } from './schemas.js';
