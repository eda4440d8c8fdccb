import type { Environment } from '../../../db/schema.js';

/**
 * Widget sessions (spec 5.3): scoped to one user of one tenant environment, each token living 15
 * minutes, never past an absolute cap 24 hours after the first mint. There is no server-side session
 * list: the claims travel in the token.
 */
export const SESSION_LIFETIME_MS = 15 * 60 * 1000;
export const SESSION_CAP_MS = 24 * 60 * 60 * 1000;

export interface SessionClaims {
  tenantId: string;
  environment: Environment;
  externalUserId: string;
  /** The absolute end of this session and of every token refreshed from it. */
  capAt: Date;
}

/** When a token issued now for these claims expires: 15 minutes on, or at the cap if that comes first. */
export function tokenExpiry(claims: Pick<SessionClaims, 'capAt'>, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_LIFETIME_MS, claims.capAt.getTime()));
}

/**
 * Whether a token issued at `issuedAt` is ended by its tenant's latest suspension (`notBefore`, null when
 * never suspended), also once the tenant is active again. A token's iat counts whole seconds, so one
 * issued in the suspension's own second counts as before it: refusing a token minted in that second after
 * a reactivation is the price of never accepting one minted before the suspension.
 */
export function endedBySuspension(issuedAt: Date, notBefore: Date | null): boolean {
  return notBefore !== null && Math.floor(issuedAt.getTime() / 1000) <= Math.floor(notBefore.getTime() / 1000);
}
