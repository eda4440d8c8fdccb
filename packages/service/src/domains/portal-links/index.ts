export { issuePortalLink, PORTAL_LINK_MS, signInWithPortalLink, spendPortalLinks } from './portal-links.js';
export * from './schemas.js';
