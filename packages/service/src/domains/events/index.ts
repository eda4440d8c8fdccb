export { insertEventsSql, recordEvents, type NewEvent } from './event-repo.js';
