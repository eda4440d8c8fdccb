export { dayOf, dayUse, dayUseSince, tierUse, type DayUse, type HourCount, type TierUse } from './model/counts.js';
export { MAX_BODY_BYTES, REDACTED, type LoggedRequest, type RawBodies } from './model/entry.js';
export {
  FILTER_FIELDS,
  decodeCursor,
  encodeCursor,
  filterOf,
  type FilterField,
  type FilterProblem,
  type FilterQuery,
  type LogCursor,
  type RequestFilter,
} from './model/filter.js';
export {
  NO_REQUEST_LOG,
  REQUEST_LOG_DEFAULTS,
  REQUEST_LOG_RETENTION_DAYS,
  requestLogRecorder,
  type RequestLogOptions,
  type RequestLogRecorder,
} from './recorder.js';
export { requestCountsSince } from './request-counts-repo.js';
export { findAnyRequest, findRequest, listRequests, type LogScope, type StoredRequest } from './request-log-repo.js';
