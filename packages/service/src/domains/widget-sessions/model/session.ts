import type { Environment } from '../../../db/schema.js';

/**
 * Widget sessions (docs/operator-api.md, "Widget sessions"): scoped to one user of one tenant environment, each token
 * living 15 minutes, never past an absolute cap 24 hours after the first mint. There is no server-side session list:
 * the claims travel in the token.
 */
export const SESSION_LIFETIME_MS = 15 * 60 * 1000;
export const SESSION_CAP_MS = 24 * 60 * 60 * 1000;

/**
 * Short sandbox sessions (docs/guides/sandbox.md): a sandbox mint may ask each token of the session to live
 * 60 to 900 seconds instead of 15 minutes, so an integrator sees refresh and expiry without waiting.
 * Every refresh keeps it: each token of the session expires as fast as the first.
 */
export const MIN_TTL_SECONDS = 60;
export const MAX_TTL_SECONDS = 900;

export function isTtlSeconds(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_TTL_SECONDS && (value as number) <= MAX_TTL_SECONDS;
}

export interface SessionClaims {
  tenantId: string;
  environment: Environment;
  externalUserId: string;
  /** The absolute end of this session and of every token refreshed from it. */
  capAt: Date;
  /** A short sandbox session's token lifetime in seconds (60 to 900); absent: 15 minutes. */
  ttlSeconds?: number;
}

/**
 * When a token issued now for these claims expires: 15 minutes on (a short sandbox session's ttl), or at
 * the cap if that comes first.
 */
export function tokenExpiry(claims: Pick<SessionClaims, 'capAt' | 'ttlSeconds'>, now: Date): Date {
  const lifetime = claims.ttlSeconds === undefined ? SESSION_LIFETIME_MS : claims.ttlSeconds * 1000;
  return new Date(Math.min(now.getTime() + lifetime, claims.capAt.getTime()));
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
