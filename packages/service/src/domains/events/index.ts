export { insertEventsSql, recordEvent, recordEvents, type NewEvent } from './event-repo.js';
export { RoundEvents } from './round-events.js';
export {
  EVENT_PAYLOADS,
  EVENT_TYPES,
  eventEnvelope,
  type EventContent,
  type EventData,
  type EventType,
} from './payloads.js';
