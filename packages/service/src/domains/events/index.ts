export { recordEvents, type NewEvent } from './event-repo.js';
