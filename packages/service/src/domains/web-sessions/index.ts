export type { WebSession } from './web-session-repo.js';
export {
  endTenantWebSessions,
  endWebSession,
  findWebSession,
  PANEL_SESSION_MS,
  startWebSession,
} from './web-sessions.js';
export { FormAlreadySent, oncePerForm } from './form-posts.js';
