import { describe, expect, it } from 'vitest';
import { SignJWT, base64url, decodeJwt, decodeProtectedHeader } from 'jose';
import { SESSION_CAP_MS, SESSION_LIFETIME_MS, type SessionClaims } from '../domains/widget-sessions/index.js';
import { signSessionToken, verifySessionToken } from './session-token.js';

const SECRET = 'unit-test-widget-secret';
const MINUTE = 60 * 1000;
const t0 = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const claims: SessionClaims = {
  tenantId: '6f1c2d3e-0000-4000-8000-000000000001',
  environment: 'sandbox',
  externalUserId: 'player-1',
  capAt: at(SESSION_CAP_MS),
};

const key = new TextEncoder().encode(SECRET);
const encodePart = (value: object) => base64url.encode(JSON.stringify(value));

/** The claims signSessionToken writes, as a plain payload to alter. */
function payloadOf(token: string): Record<string, unknown> {
  return { ...decodeJwt(token) };
}

/** Signs an arbitrary payload the way signSessionToken would, with the same secret. */
function signRaw(payload: Record<string, unknown>, alg = 'HS256') {
  return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}

describe('signSessionToken and verifySessionToken', () => {
  it('round-trip the claims', async () => {
    const { token } = await signSessionToken(SECRET, claims, t0);
    const verified = { ...claims, issuedAt: t0, expiresAt: at(SESSION_LIFETIME_MS) };
    expect(await verifySessionToken(SECRET, token, t0)).toEqual(verified);
    expect(await verifySessionToken(SECRET, token, at(14 * MINUTE))).toEqual(verified);
  });

  it('sign an HS256 JWT for the user, with no secret or key material in it', async () => {
    const { token } = await signSessionToken(SECRET, claims, t0);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = payloadOf(token);
    expect(payload.sub).toBe('player-1');
    expect(JSON.stringify(payload)).not.toContain(SECRET);
  });

  it('give a token 15 minutes of life', async () => {
    const issued = await signSessionToken(SECRET, claims, t0);
    expect(issued.expiresAt).toEqual(at(SESSION_LIFETIME_MS));
    expect(SESSION_LIFETIME_MS).toBe(15 * MINUTE);
    const payload = payloadOf(issued.token);
    expect((payload.exp as number) - (payload.iat as number)).toBe(15 * 60);
  });

  it('never let a token outlive its cap', async () => {
    const issued = await signSessionToken(SECRET, claims, at(SESSION_CAP_MS - MINUTE));
    expect(issued.expiresAt).toEqual(claims.capAt);
    expect(await verifySessionToken(SECRET, issued.token, at(SESSION_CAP_MS - 1))).toEqual({
      ...claims,
      issuedAt: at(SESSION_CAP_MS - MINUTE),
      expiresAt: claims.capAt,
    });
    expect(await verifySessionToken(SECRET, issued.token, at(SESSION_CAP_MS))).toBeNull();
  });

  it('round the expiry down to whole seconds, as the token carries it', async () => {
    const issued = await signSessionToken(SECRET, claims, at(999));
    expect(issued.expiresAt).toEqual(at(SESSION_LIFETIME_MS));
    expect(await verifySessionToken(SECRET, issued.token, at(SESSION_LIFETIME_MS - 1))).not.toBeNull();
    expect(await verifySessionToken(SECRET, issued.token, at(SESSION_LIFETIME_MS))).toBeNull();
  });
});

describe('verifySessionToken refuses', () => {
  it('a token at and after its expiry', async () => {
    const { token } = await signSessionToken(SECRET, claims, t0);
    expect(await verifySessionToken(SECRET, token, at(SESSION_LIFETIME_MS - 1000))).not.toBeNull();
    expect(await verifySessionToken(SECRET, token, at(SESSION_LIFETIME_MS))).toBeNull();
    expect(await verifySessionToken(SECRET, token, at(SESSION_LIFETIME_MS + MINUTE))).toBeNull();
  });

  it('a token at or after its cap even when exp says otherwise', async () => {
    // A token whose exp runs past its cap cannot come from signSessionToken; the cap must still hold.
    const { token } = await signSessionToken(SECRET, claims, t0);
    const payload = {
      ...payloadOf(token),
      iat: Math.floor(at(SESSION_CAP_MS).getTime() / 1000),
      exp: Math.floor(at(SESSION_CAP_MS + 10 * MINUTE).getTime() / 1000),
    };
    const forged = await signRaw(payload);
    // Valid just before the cap, and it expires at the cap, not at its exp: a stream it opens ends there.
    expect((await verifySessionToken(SECRET, forged, at(SESSION_CAP_MS - 1000)))?.expiresAt).toEqual(claims.capAt);
    expect(await verifySessionToken(SECRET, forged, at(SESSION_CAP_MS))).toBeNull();
    expect(await verifySessionToken(SECRET, forged, at(SESSION_CAP_MS + MINUTE))).toBeNull();
  });

  it('a token signed with another secret', async () => {
    const { token } = await signSessionToken('another-secret', claims, t0);
    expect(await verifySessionToken(SECRET, token, t0)).toBeNull();
  });

  it('alg none', async () => {
    const { token } = await signSessionToken(SECRET, claims, t0);
    const unsigned = `${encodePart({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`;
    expect(await verifySessionToken(SECRET, unsigned, t0)).toBeNull();
  });

  it('another algorithm, even signed with the right secret', async () => {
    const { token } = await signSessionToken(SECRET, claims, t0);
    const hs512 = await signRaw(payloadOf(token), 'HS512');
    expect(decodeProtectedHeader(hs512).alg).toBe('HS512');
    expect(await verifySessionToken(SECRET, hs512, t0)).toBeNull();
    // The original HS256 signature under a header that claims HS512.
    const [, body, signature] = token.split('.');
    expect(
      await verifySessionToken(SECRET, `${encodePart({ alg: 'HS512', typ: 'JWT' })}.${body}.${signature}`, t0),
    ).toBeNull();
  });

  it('a tampered payload', async () => {
    const { token } = await signSessionToken(SECRET, claims, t0);
    const [header, , signature] = token.split('.');
    for (const change of [
      { sub: 'player-2' },
      { env: 'live' },
      { cap: Math.floor(at(2 * SESSION_CAP_MS).getTime() / 1000) },
    ]) {
      const tampered = `${header}.${encodePart({ ...payloadOf(token), ...change })}.${signature}`;
      expect(await verifySessionToken(SECRET, tampered, t0), JSON.stringify(change)).toBeNull();
    }
  });

  it('a tampered signature', async () => {
    const { token } = await signSessionToken(SECRET, claims, t0);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await verifySessionToken(SECRET, `${token.slice(0, -2)}${last}${token.at(-1)}`, t0)).toBeNull();
  });

  it.each([
    ['empty text', ''],
    ['one part', 'abc'],
    ['two parts', 'abc.def'],
    ['three junk parts', 'a.b.c'],
    ['four parts', 'a.b.c.d'],
    ['an API key', `pmk_sandbox_${'A'.repeat(32)}`],
    ['a header that is not JSON', `${base64url.encode('{not json')}.${encodePart({ sub: 'x' })}.sig`],
  ])('malformed text: %s', async (_name, text) => {
    expect(await verifySessionToken(SECRET, text, t0)).toBeNull();
  });

  async function withoutClaim(claim: string) {
    const { token } = await signSessionToken(SECRET, claims, t0);
    const payload = payloadOf(token);
    expect(await verifySessionToken(SECRET, await signRaw(payload), t0)).toMatchObject(claims);
    delete payload[claim];
    return verifySessionToken(SECRET, await signRaw(payload), t0);
  }

  it.each(['tid', 'env', 'cap', 'sub', 'iss', 'aud'])('a token missing %s', async (claim) => {
    expect(await withoutClaim(claim)).toBeNull();
  });

  it('a token missing exp', async () => {
    expect(await withoutClaim('exp')).toBeNull();
  });

  it.each([
    ['an unknown environment', { env: 'staging' }],
    ['a cap that is not a number', { cap: 'tomorrow' }],
    ['a tenant that is not a string', { tid: 42 }],
    ['another issuer', { iss: 'someone-else' }],
    ['another audience', { aud: 'pm-operator-api' }],
  ])('a token with %s', async (_name, change) => {
    const { token } = await signSessionToken(SECRET, claims, t0);
    expect(await verifySessionToken(SECRET, await signRaw({ ...payloadOf(token), ...change }), t0)).toBeNull();
  });
});
