export { parseEventId, formatEventId, type ChangePosition } from './model/event-id.js';
export { openStream, type StreamSubject } from './open-stream.js';
export { purgeStreamChanges, RETENTION_MS } from './purge-stream-changes.js';
export * from './schemas.js';
export {
  STREAM_LIMITS,
  streamHub,
  type HubPorts,
  type StreamHandle,
  type StreamHub,
  type StreamLimits,
  type StreamRequest,
} from './stream-hub.js';
export type { StreamSink } from './stream-registry.js';
