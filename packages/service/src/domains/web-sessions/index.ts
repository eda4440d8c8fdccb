export type { WebSession } from './web-session-repo.js';
export { endWebSession, findWebSession, PANEL_SESSION_MS, startWebSession } from './web-sessions.js';
