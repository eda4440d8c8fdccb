export { issuePortalLink, PORTAL_LINK_MS, signInWithPortalLink } from './portal-links.js';
export * from './schemas.js';
