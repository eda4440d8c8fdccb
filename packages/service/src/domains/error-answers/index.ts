export type { ErrorAnswerTally, HourTally, StoredErrorAnswer } from './error-answer-repo.js';
export { countErrorAnswersSince, errorAnswersByHour, findErrorAnswer } from './find-error-answer.js';
export type { ErrorAnswer } from './model/batch.js';
export {
  ERROR_ANSWER_RETENTION_DAYS,
  errorAnswerRecorder,
  RECORDER_DEFAULTS,
  type ErrorAnswerRecorder,
  type RecorderOptions,
} from './recorder.js';
