import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  call,
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';

/**
 * A 401 invalid_session_token on the routes the widget calls is readable by an origin any tenant of the
 * environment lists, whatever is wrong with the token, so the widget can refresh or say
 * why it stopped; by no other origin.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
/** Origins of this file only: the preflight tests of cors.test.ts need theirs listed by no one else. */
const SHOP = 'https://shop-refusals.example.com';
/** Listed by a neighbour in the same environment: the refused token names no tenant, so it counts. */
const NEIGHBOUR = 'https://neighbour-refusals.example.net';
/** Listed by the tenant in live only. */
const LIVE_ONLY = 'https://live-only-refusals.example.org';
const NOWHERE = 'https://nowhere-refusals.example.org';
let service: TestService;
let tenant: TestTenant;
let user: string;
let slug: string;

beforeAll(async () => {
  service = await startTestService({ clock });
  const neighbour = await createTenant(service);
  tenant = await createTenant(service);
  const put = (t: TestTenant, environment: string, origins: string[]) =>
    service.platform('PUT', `/platform/v1/tenants/${t.tenantId}/environments/${environment}`, {
      allowed_origins: origins,
    });
  expect((await put(tenant, 'sandbox', [SHOP])).status).toBe(200);
  expect((await put(tenant, 'live', [LIVE_ONLY])).status).toBe(200);
  expect((await put(neighbour, 'sandbox', [NEIGHBOUR])).status).toBe(200);
  slug = (await createMarket(service, tenant)).slug;
  user = await fundedUser(service, tenant.sandboxKey, 'cors401');
});
afterAll(() => service.stop());

/** The routes a widget calls with its session token; the first three take nothing else. */
const ROUTES = [
  ['GET', '/v1/widget/config'],
  ['GET', () => `/v1/widget/stream?markets=${slug}`],
  ['POST', '/v1/widget/sessions/refresh'],
  ['GET', '/v1/markets'],
] as const;
type Route = (typeof ROUTES)[number];

const send = (method: string, path: string, token: string | undefined, origin: string) =>
  call(service.urls.sandbox, method, path, { key: token, headers: { origin } });

/** Every route refuses the token with 401 invalid_session_token, readable exactly by the listed origins. */
async function expectRefusalReadable(token: string | undefined, what: string, routes: readonly Route[] = ROUTES) {
  for (const [method, route] of routes) {
    const path = typeof route === 'function' ? route() : route;
    for (const origin of [SHOP, NEIGHBOUR]) {
      const res = await send(method, path, token, origin);
      expectEnvelope(res, 'invalid_session_token', 401);
      expect(res.headers.get('access-control-allow-origin'), `${what} ${path} ${origin}`).toBe(origin);
      expect(res.headers.get('access-control-expose-headers'), `${what} ${path}`).toContain('X-Request-Id');
    }
    for (const origin of [LIVE_ONLY, NOWHERE]) {
      const res = await send(method, path, token, origin);
      expectEnvelope(res, 'invalid_session_token', 401);
      expect(res.headers.get('access-control-allow-origin'), `${what} ${path} ${origin}`).toBeNull();
      expect(res.headers.get('vary'), `${what} ${path}`).toContain('Origin');
    }
  }
}

describe('a refused session token from a listed origin', () => {
  it('a live token first answers each route to its own origin (the baseline)', async () => {
    const token = await sessionFor(service, tenant.sandboxKey, user);
    for (const [method, route] of ROUTES) {
      const path = typeof route === 'function' ? route() : route;
      const res = await fetch(`${service.urls.sandbox}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, origin: SHOP },
      });
      expect(res.status, path).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin'), path).toBe(SHOP);
      await res.body?.cancel();
    }
  });

  it('is readable when forged: a real token with another signature', async () => {
    const token = await sessionFor(service, tenant.sandboxKey, user);
    await expectRefusalReadable(`${token.slice(0, -6)}AAAAAA`, 'forged');
  });

  it('is readable when corrupt or absent', async () => {
    for (const token of ['not-a-token', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.%%%.x'])
      await expectRefusalReadable(token, `corrupt ${token}`);
    // No token at all, where only a session token is taken (GET /v1/markets takes an API key too: its
    // refusal without one is invalid_api_key, never readable).
    await expectRefusalReadable(undefined, 'absent', ROUTES.slice(0, 3));
    const keyless = await send('GET', '/v1/markets', undefined, SHOP);
    expectEnvelope(keyless, 'invalid_api_key', 401);
    expect(keyless.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("is readable when stale: expired, or another environment's", async () => {
    const expiring = await sessionFor(service, tenant.sandboxKey, user);
    clock.advance(16 * 60_000);
    try {
      await expectRefusalReadable(expiring, 'expired');
    } finally {
      clock.advance(-16 * 60_000);
    }
    const liveUser = `cors401-live-${Date.now()}`;
    await registerUser(service, tenant.liveKey, liveUser, 'live');
    const minted = await service.api('live', 'POST', '/v1/widget/sessions', {
      key: tenant.liveKey,
      body: { external_user_id: liveUser },
    });
    expect(minted.status, minted.text).toBe(201);
    await expectRefusalReadable(minted.json.token as string, 'live token on sandbox');
  });

  it('is readable when ended by a suspension, after the reactivation', async () => {
    const own = await createTenant(service);
    await service.platform('PUT', `/platform/v1/tenants/${own.tenantId}/environments/sandbox`, {
      allowed_origins: [SHOP],
    });
    const token = await sessionFor(service, own.sandboxKey, await fundedUser(service, own.sandboxKey, 'cors401-s'));
    expect((await service.platform('POST', `/platform/v1/tenants/${own.tenantId}/suspend`)).status).toBe(200);
    expect((await service.platform('POST', `/platform/v1/tenants/${own.tenantId}/reactivate`)).status).toBe(200);
    clock.advance(5_000);
    try {
      await expectRefusalReadable(token, 'ended by suspension');
    } finally {
      clock.advance(-5_000);
    }
  });
});
