import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  WIDGET_SECRET,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { FakeClock } from '../src/lib/clock.js';
import type { Environment } from '../src/db/schema.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const RFC3339_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

let service: TestService;
let clock: FakeClock;
let tenant: TestTenant;

beforeAll(async () => {
  clock = new FakeClock(new Date());
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

let userCounter = 0;
/** A user registered in the tenant's sandbox (or the given environment), unique in this file. */
async function newUser(key = tenant.sandboxKey, environment: Environment = 'sandbox'): Promise<string> {
  userCounter += 1;
  const id = `widget-user-${userCounter}`;
  await registerUser(service, key, id, environment);
  return id;
}

const mint = (externalUserId: unknown, key = tenant.sandboxKey, environment: Environment = 'sandbox') =>
  service.api(environment, 'POST', '/v1/widget/sessions', { key, body: { external_user_id: externalUserId } });

const refresh = (token: string, environment: Environment = 'sandbox') =>
  service.api(environment, 'POST', '/v1/widget/sessions/refresh', { key: token });

const ms = (rfc3339: string) => new Date(rfc3339).getTime();

describe('POST /v1/widget/sessions', () => {
  it('answers 201 with a JWT for the user and its expiry 15 minutes on', async () => {
    const user = await newUser();
    const now = clock.now().getTime();
    const res = await mint(user);
    expect(res.status).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(['expires_at', 'token']);
    expect(res.json.token).toMatch(JWT);
    expect(res.json.token.startsWith('pmk_')).toBe(false);
    expect(res.json.expires_at).toMatch(RFC3339_UTC);
    expect(ms(res.json.expires_at)).toBe(Math.floor((now + 15 * MINUTE) / 1000) * 1000);
    const claims = decodeJwt(res.json.token);
    expect(claims.sub).toBe(user);
    expect(claims.exp! * 1000).toBe(ms(res.json.expires_at));
  });

  it('takes no Idempotency-Key: each call mints a token', async () => {
    const user = await newUser();
    const first = await mint(user);
    clock.advance(1000);
    const second = await mint(user);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.token).not.toBe(first.json.token);
  });

  it('mints for a blocked user (it can read; the position routes refuse it)', async () => {
    const user = await newUser();
    await service.api('sandbox', 'PUT', `/v1/users/${user}`, { key: tenant.sandboxKey, body: { status: 'blocked' } });
    const res = await mint(user);
    expect(res.status).toBe(201);
    expect((await refresh(res.json.token)).status).toBe(200);
  });

  it('answers 404 unknown_user for a user that is not registered, also in the other environment', async () => {
    expectEnvelope(await mint('nobody-here'), 'unknown_user', 404);
    const sandboxOnly = await newUser();
    expectEnvelope(await mint(sandboxOnly, tenant.liveKey, 'live'), 'unknown_user', 404);
  });

  it("keeps tenants apart: tenant B's key cannot mint for tenant A's user", async () => {
    const user = await newUser();
    const other = await createTenant(service);
    expectEnvelope(await mint(user, other.sandboxKey), 'unknown_user', 404);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a number for external_user_id', { external_user_id: 5 }],
    ['an e-mail address', { external_user_id: 'someone@example.com' }],
    ['65 characters', { external_user_id: 'a'.repeat(65) }],
    ['an empty id', { external_user_id: '' }],
  ])('answers 400 validation_failed for %s', async (_name, body) => {
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/widget/sessions', { key: tenant.sandboxKey, body }),
      'validation_failed',
      400,
    );
  });

  it('answers 400 validation_failed for a body that is not JSON', async () => {
    const res = await service.api('sandbox', 'POST', '/v1/widget/sessions', {
      key: tenant.sandboxKey,
      rawBody: '{"external_user_id":',
    });
    expectEnvelope(res, 'validation_failed', 400);
  });

  it('needs the write:positions scope (403 insufficient_scope)', async () => {
    const narrow = await createTenant(service, ['write:sync', 'read:markets']);
    const user = await newUser(narrow.sandboxKey);
    expectEnvelope(await mint(user, narrow.sandboxKey), 'insufficient_scope', 403);
  });

  it('takes only an API key: a session token or nothing is 401 invalid_api_key', async () => {
    const user = await newUser();
    const { token } = (await mint(user)).json;
    expectEnvelope(await mint(user, token), 'invalid_api_key', 401);
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/widget/sessions', { body: { external_user_id: user } }),
      'invalid_api_key',
      401,
    );
  });
});

describe('POST /v1/widget/sessions/refresh', () => {
  it('answers 200 with a new token for the same user whose expiry moves forward', async () => {
    const user = await newUser();
    const minted = (await mint(user)).json;
    clock.advance(5 * MINUTE);
    const res = await refresh(minted.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['expires_at', 'token']);
    expect(res.json.token).toMatch(JWT);
    expect(res.json.token).not.toBe(minted.token);
    expect(res.json.expires_at).toMatch(RFC3339_UTC);
    expect(ms(res.json.expires_at) - ms(minted.expires_at)).toBe(5 * MINUTE);
    expect(decodeJwt(res.json.token).sub).toBe(user);
    expect(decodeJwt(res.json.token).cap).toBe(decodeJwt(minted.token).cap);
    // The new token refreshes in turn.
    clock.advance(MINUTE);
    expect((await refresh(res.json.token)).status).toBe(200);
  });

  it('refuses a token at its expiry, 15 minutes after it was issued (401 invalid_session_token)', async () => {
    const user = await newUser();
    const minted = (await mint(user)).json;
    clock.set(new Date(ms(minted.expires_at) - 1000));
    expect((await refresh(minted.token)).status).toBe(200);
    clock.set(minted.expires_at);
    expectEnvelope(await refresh(minted.token), 'invalid_session_token', 401);
  });

  it('keeps the 24-hour cap of the mint through a chain of refreshes', async () => {
    const user = await newUser();
    const mintedAt = clock.now().getTime();
    let token = (await mint(user)).json.token as string;
    let lastExpiry = 0;
    let refreshes = 0;
    for (;;) {
      clock.advance(10 * MINUTE);
      const res = await refresh(token);
      if (res.status !== 200) {
        expectEnvelope(res, 'invalid_session_token', 401);
        break;
      }
      expect(ms(res.json.expires_at)).toBeGreaterThanOrEqual(lastExpiry);
      expect(ms(res.json.expires_at)).toBeLessThanOrEqual(mintedAt + 24 * HOUR);
      token = res.json.token;
      lastExpiry = ms(res.json.expires_at);
      refreshes += 1;
      expect(refreshes, 'the chain ends').toBeLessThan(200);
    }
    // 143 refreshes reach 23 h 50 min; the one at 24 h is past the cap.
    expect(refreshes).toBe(143);
    expect(clock.now().getTime() - mintedAt).toBe(24 * HOUR);
    expect(lastExpiry).toBe(Math.floor((mintedAt + 24 * HOUR) / 1000) * 1000);
  });

  it('takes no body and no Idempotency-Key', async () => {
    const user = await newUser();
    const { token } = (await mint(user)).json;
    const res = await service.api('sandbox', 'POST', '/v1/widget/sessions/refresh', {
      key: token,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['no credential', undefined],
    ['a malformed token', 'not-a-token'],
    ['a forged token', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
  ])('answers 401 invalid_session_token for %s', async (_name, token) => {
    const res = await service.api(
      'sandbox',
      'POST',
      '/v1/widget/sessions/refresh',
      token === undefined ? {} : { key: token },
    );
    expectEnvelope(res, 'invalid_session_token', 401);
  });

  it('answers 401 invalid_session_token for an API key', async () => {
    expectEnvelope(await refresh(tenant.sandboxKey), 'invalid_session_token', 401);
  });

  it('answers 401 invalid_session_token for a sandbox token on the live listener', async () => {
    const user = await newUser();
    await registerUser(service, tenant.liveKey, user, 'live');
    const { token } = (await mint(user)).json;
    expectEnvelope(await refresh(token, 'live'), 'invalid_session_token', 401);
    expect((await refresh(token, 'sandbox')).status).toBe(200);
  });

  it('stops refreshing once the tenant is suspended; its keys stop minting', async () => {
    const suspended = await createTenant(service);
    const user = await newUser(suspended.sandboxKey);
    const { token } = (await mint(user, suspended.sandboxKey)).json;
    expect((await service.platform('POST', `/platform/v1/tenants/${suspended.tenantId}/suspend`)).status).toBe(200);
    expectEnvelope(await refresh(token), 'invalid_session_token', 401);
    expect((await mint(user, suspended.sandboxKey)).status).toBe(401);
  });

  it('stops refreshing once the user no longer exists', async () => {
    const user = await newUser();
    const { token } = (await mint(user)).json;
    await sql`delete from users where tenant_id = ${tenant.tenantId} and environment = 'sandbox' and external_user_id = ${user}`.execute(
      service.db,
    );
    expectEnvelope(await refresh(token), 'invalid_session_token', 401);
  });
});

describe('a session token on operator-only routes', () => {
  it.each([
    ['GET', '/v1/users/{user}'],
    ['PUT', '/v1/users/{user}'],
    ['POST', '/v1/balance-sync'],
    ['POST', '/v1/balance-sync/batch'],
    ['GET', '/v1/transactions'],
    ['POST', '/v1/widget/sessions'],
  ])('%s %s answers 401 invalid_api_key', async (method, path) => {
    const user = await newUser();
    const { token } = (await mint(user)).json;
    const body =
      method === 'GET' ? undefined : { external_user_id: user, status: 'active', direction: 'credit', amount: '1.00' };
    const res = await service.api('sandbox', method, path.replace('{user}', user), {
      key: token,
      body,
      idempotencyKey: `session-${user}`,
    });
    expectEnvelope(res, 'invalid_api_key', 401);
  });
});

describe('short sandbox sessions (ttl_seconds)', () => {
  const mintWith = (body: Record<string, unknown>, key = tenant.sandboxKey, environment: Environment = 'sandbox') =>
    service.api(environment, 'POST', '/v1/widget/sessions', { key, body });

  it.each([60, 61, 300, 899, 900])('takes %i seconds in the sandbox: the token expires then', async (ttl) => {
    const user = await newUser();
    const now = clock.now().getTime();
    const res = await mintWith({ external_user_id: user, ttl_seconds: ttl });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(['expires_at', 'token']);
    expect(ms(res.json.expires_at)).toBe(Math.floor((now + ttl * 1000) / 1000) * 1000);
    expect(decodeJwt(res.json.token).exp).toBe(Math.floor((now + ttl * 1000) / 1000));
    const me = () => service.api('sandbox', 'GET', '/v1/users/me', { key: res.json.token });
    clock.set(new Date(ms(res.json.expires_at) - 1000));
    expect((await me()).status).toBe(200);
    clock.set(res.json.expires_at);
    expectEnvelope(await me(), 'invalid_session_token', 401);
    expectEnvelope(await refresh(res.json.token), 'invalid_session_token', 401);
  });

  it('keeps the short ttl through refreshes, within the 24-hour cap', async () => {
    const user = await newUser();
    const minted = (await mintWith({ external_user_id: user, ttl_seconds: 120 })).json;
    let token = minted.token as string;
    for (let i = 0; i < 3; i++) {
      clock.advance(90 * 1000);
      const now = clock.now().getTime();
      const res = await refresh(token);
      expect(res.status, res.text).toBe(200);
      expect(ms(res.json.expires_at)).toBe(Math.floor((now + 120 * 1000) / 1000) * 1000);
      expect(decodeJwt(res.json.token).cap).toBe(decodeJwt(minted.token).cap);
      token = res.json.token;
    }
    clock.advance(120 * 1000);
    expectEnvelope(await refresh(token), 'invalid_session_token', 401);
  });

  it('a session minted without ttl_seconds keeps 15 minutes', async () => {
    const user = await newUser();
    const minted = (await mint(user)).json;
    expect(decodeJwt(minted.token).ttl).toBeUndefined();
    clock.advance(MINUTE);
    const now = clock.now().getTime();
    const res = await refresh(minted.token);
    expect(ms(res.json.expires_at)).toBe(Math.floor((now + 15 * MINUTE) / 1000) * 1000);
  });

  it.each([59, 901, 0, -60, 120.5, '120', null, true])(
    'refuses ttl_seconds %j with 400 validation_failed',
    async (ttl) => {
      const user = await newUser();
      expectEnvelope(await mintWith({ external_user_id: user, ttl_seconds: ttl }), 'validation_failed', 400);
    },
  );

  it('is refused on the live listener with 400 validation_failed, whatever the value', async () => {
    const user = await newUser(tenant.liveKey, 'live');
    for (const ttl of [60, 300, 900, 59]) {
      const res = await mintWith({ external_user_id: user, ttl_seconds: ttl }, tenant.liveKey, 'live');
      expectEnvelope(res, 'validation_failed', 400);
    }
    // Without the field live mints as before.
    expect((await mint(user, tenant.liveKey, 'live')).status).toBe(201);
  });

  it('refuses a token whose ttl claim is outside 60 to 900, even when signed with the secret', async () => {
    const { SignJWT } = await import('jose');
    const user = await newUser();
    const now = Math.floor(clock.now().getTime() / 1000);
    const forge = (ttl: unknown) =>
      new SignJWT({ tid: tenant.tenantId, env: 'sandbox', cap: now + 3600, ttl })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('pm-operator-service')
        .setAudience('pm-widget')
        .setSubject(user)
        .setIssuedAt(now)
        .setExpirationTime(now + 30)
        .sign(new TextEncoder().encode(WIDGET_SECRET));
    expect((await refresh(await forge(60))).status).toBe(200);
    expectEnvelope(await refresh(await forge(5)), 'invalid_session_token', 401);
    expectEnvelope(await refresh(await forge('60')), 'invalid_session_token', 401);
  });
});
