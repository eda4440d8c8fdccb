import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { isTtlSeconds, tokenExpiry, type SessionClaims } from '../domains/widget-sessions/index.js';

/**
 * Widget session tokens (docs/operator-api.md, "Widget sessions"): HS256 JWTs signed with a secret used for nothing
 * else, carrying the session's claims (decided by the widget-sessions domain); the algorithm is pinned on verification.
 */
const ISSUER = 'pm-operator-service';
const AUDIENCE = 'pm-widget';

/**
 * A verified token's claims, when it was issued (whole seconds: a suspension ends the tokens issued before
 * it) and when it stops being valid: its exp, or its cap if that comes first.
 */
export interface VerifiedSession extends SessionClaims {
  issuedAt: Date;
  expiresAt: Date;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Signs a token valid from now for 15 minutes (a short sandbox session's ttl), or until the cap if that comes first. */
export async function signSessionToken(secret: string, claims: SessionClaims, now: Date): Promise<IssuedToken> {
  const expiresAt = tokenExpiry(claims, now);
  const ttl = claims.ttlSeconds === undefined ? {} : { ttl: claims.ttlSeconds };
  const token = await new SignJWT({ tid: claims.tenantId, env: claims.environment, cap: seconds(claims.capAt), ...ttl })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.externalUserId)
    .setIssuedAt(seconds(now))
    .setExpirationTime(seconds(expiresAt))
    .sign(keyOf(secret));
  return { token, expiresAt: new Date(seconds(expiresAt) * 1000) };
}

/** The claims of a valid token, or null for anything else: malformed, forged, expired, past its cap. */
export async function verifySessionToken(secret: string, token: string, now: Date): Promise<VerifiedSession | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      clockTolerance: 0,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const { tid, env, cap, ttl, sub, exp, iat } = payload as {
      tid?: unknown;
      env?: unknown;
      cap?: unknown;
      ttl?: unknown;
      sub?: unknown;
      exp?: number;
      iat?: number;
    };
    if (
      typeof tid !== 'string' ||
      (env !== 'sandbox' && env !== 'live') ||
      typeof cap !== 'number' ||
      typeof sub !== 'string' ||
      (ttl !== undefined && !isTtlSeconds(ttl))
    )
      return null;
    if (now.getTime() >= cap * 1000) return null;
    const expiresAt = new Date(Math.min(exp! * 1000, cap * 1000));
    return {
      tenantId: tid,
      environment: env,
      externalUserId: sub,
      capAt: new Date(cap * 1000),
      ...(ttl === undefined ? {} : { ttlSeconds: ttl }),
      issuedAt: new Date(iat! * 1000),
      expiresAt,
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

/**
 * The tenant environment a token names when its signature is ours, whether or not it has expired or
 * passed its cap: what CORS needs to let the widget read the 401 that tells it to refresh or re-mint.
 * A forged token names nothing.
 */
export async function sessionScopeOf(
  secret: string,
  token: string,
): Promise<{ tenantId: string; environment: 'sandbox' | 'live' } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(0),
    });
    const { tid, env } = payload as { tid?: unknown; env?: unknown };
    if (typeof tid !== 'string' || (env !== 'sandbox' && env !== 'live')) return null;
    return { tenantId: tid, environment: env };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
