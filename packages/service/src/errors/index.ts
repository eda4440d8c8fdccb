export { ApiError, apiErrorOf, isApiError } from './api-error.js';
export { ERROR_CATALOG, ERROR_CODES, type ErrorCode } from './catalog.js';
export { envelopeOf, type ErrorEnvelope, type RequestContext } from './envelope.js';
export {
  fieldRejected,
  fieldRejection,
  ok,
  rejected,
  type IssueLocation,
  type Rejection,
  type Result,
} from './rejection.js';
