import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { call, createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';

/**
 * CORS (docs/operator-api.md, "CORS (browser calls)"): only listed origins, per tenant and environment, session tokens
 * only.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const SHOP = 'https://shop.example.com';
const OTHER = 'https://other.example.net';
/** Listed by no tenant of the run. */
const NOWHERE = 'https://nowhere.example.org';
let service: TestService;
let tenant: TestTenant;
let neighbour: TestTenant;
let token: string;
let user: string;
let slug: string;

beforeAll(async () => {
  service = await startTestService({ clock });
  [tenant, neighbour] = [await createTenant(service), await createTenant(service)];
  const put = (t: TestTenant, environment: string, origins: string[]) =>
    service.platform('PUT', `/platform/v1/tenants/${t.tenantId}/environments/${environment}`, {
      allowed_origins: origins,
    });
  expect((await put(tenant, 'sandbox', [SHOP])).status).toBe(200);
  expect((await put(neighbour, 'sandbox', [OTHER])).status).toBe(200);
  expect((await put(tenant, 'live', [OTHER])).status).toBe(200);
  slug = (await createMarket(service, tenant)).slug;
  user = await fundedUser(service, tenant.sandboxKey, 'cors');
  token = await sessionFor(service, tenant.sandboxKey, user);
});
afterAll(() => service.stop());

const preflight = (origin: string, path = '/v1/positions', environment: 'sandbox' | 'live' = 'sandbox') =>
  call(service.urls[environment], 'OPTIONS', path, {
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
  });
const get = (origin: string, key = token, path = `/v1/markets/${slug}`) =>
  call(service.urls.sandbox, 'GET', path, { key, headers: { origin } });

describe('preflights', () => {
  it('answer 204 with the allowed methods and headers to an origin some tenant of the environment lists', async () => {
    for (const origin of [SHOP, OTHER]) {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
      expect(res.headers.get('access-control-allow-headers')).toBe(
        'Authorization, Content-Type, Idempotency-Key, Last-Event-ID',
      );
      expect(res.headers.get('access-control-max-age')).toBe('600');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  it('carry no CORS header for an unlisted origin, another environment, or the session mint', async () => {
    for (const res of [
      await preflight('https://evil.example.org'),
      await preflight(`${SHOP}:8443`),
      await preflight(SHOP, '/v1/positions', 'live'), // the tenant lists SHOP in sandbox only
      await preflight(SHOP, '/v1/widget/sessions'),
    ]) {
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    }
  });
});

describe('requests', () => {
  it('get the origin back only when their own tenant lists it, errors included', async () => {
    const own = await get(SHOP);
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(own.headers.get('vary')).toContain('Origin');
    expect(own.headers.get('access-control-expose-headers')).toContain('Retry-After');
    // The neighbour lists OTHER, but this is not the neighbour's request.
    expect((await get(OTHER)).headers.get('access-control-allow-origin')).toBeNull();
    // A widget error the page must be able to read: a 404 for a market that does not exist.
    const missing = await get(SHOP, token, '/v1/markets/no-such-market');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe(SHOP);
    // No credential, no tenant: no header.
    const anonymous = await call(service.urls.sandbox, 'GET', `/v1/markets/${slug}`, { headers: { origin: SHOP } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reach the 401 of a refused session token, expired or forged, from an origin the environment lists, so the widget can refresh', async () => {
    const expiring = await sessionFor(service, tenant.sandboxKey, user);
    clock.advance(16 * 60_000);
    try {
      for (const path of ['/v1/users/me', '/v1/widget/sessions/refresh']) {
        const method = path.endsWith('refresh') ? 'POST' : 'GET';
        const expired = await call(service.urls.sandbox, method, path, { key: expiring, headers: { origin: SHOP } });
        expect(expired.status).toBe(401);
        expect(expired.headers.get('access-control-allow-origin'), path).toBe(SHOP);
        const unlisted = await call(service.urls.sandbox, method, path, {
          key: expiring,
          headers: { origin: NOWHERE },
        });
        expect(unlisted.headers.get('access-control-allow-origin'), path).toBeNull();
      }
      const forged = `${expiring.slice(0, -4)}AAAA`;
      const refused = await call(service.urls.sandbox, 'GET', '/v1/users/me', {
        key: forged,
        headers: { origin: SHOP },
      });
      expect(refused.status).toBe(401);
      // It names no tenant: readable by an origin some tenant of the environment lists.
      expect(refused.headers.get('access-control-allow-origin')).toBe(SHOP);
      const elsewhere = await call(service.urls.sandbox, 'GET', '/v1/users/me', {
        key: forged,
        headers: { origin: NOWHERE },
      });
      expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
      // Not a session's refusal: the mint (server only) and an API-key route refusing a bad bearer.
      for (const [method, path] of [
        ['POST', '/v1/widget/sessions'],
        ['GET', '/v1/transactions'],
      ] as const) {
        const bad = await call(service.urls.sandbox, method, path, { key: 'x', headers: { origin: SHOP } });
        expect(bad.status, path).toBe(401);
        expect(bad.headers.get('access-control-allow-origin'), path).toBeNull();
      }
    } finally {
      clock.advance(-16 * 60_000);
    }
  });

  it('never on an API-key request, even from a listed origin: the key belongs on the server', async () => {
    for (const path of [`/v1/markets/${slug}`, '/v1/markets/no-such-market', `/v1/users/${user}`, '/v1/positions']) {
      const res = await get(SHOP, tenant.sandboxKey, path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(res.headers.get('access-control-expose-headers'), path).toBeNull();
    }
    // A refused key names no tenant either: its 401 is not readable by a page.
    const refused = await get(SHOP, `${tenant.sandboxKey.slice(0, -4)}AAAA`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    // The same origin with a session token of the same tenant is answered, so the list is not the reason.
    expect((await get(SHOP)).headers.get('access-control-allow-origin')).toBe(SHOP);
  });

  it('never on the session mint, which is for the operator server only', async () => {
    const minted = await call(service.urls.sandbox, 'POST', '/v1/widget/sessions', {
      key: tenant.sandboxKey,
      body: { external_user_id: user },
      headers: { origin: SHOP },
    });
    expect(minted.status).toBe(201);
    expect(minted.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reach the widget routes of a listed origin, and not those of an unlisted one', async () => {
    for (const path of ['/v1/widget/config', '/v1/widget/profile', '/v1/users/me', '/v1/widget/saved-markets']) {
      expect((await get(SHOP, token, path)).headers.get('access-control-allow-origin'), path).toBe(SHOP);
      expect((await get(OTHER, token, path)).headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('answer * under /widget/, the public bundle path, to any origin and none', async () => {
    // The bundle itself is issue 10's; whatever the path answers carries the header.
    for (const origin of [SHOP, OTHER, undefined]) {
      const res = await call(service.urls.sandbox, 'GET', '/widget/v1/widget.iife.js', {
        headers: origin ? { origin } : {},
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('follow a change of the list at once', async () => {
    const path = `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
    // An origin no other tenant of the test database lists (other files list SHOP), so that the preflight,
    // which asks whether any tenant lists it, answers for this tenant's list alone.
    const own = `https://shop-${randomUUID().slice(0, 8)}.example.com`;
    expect((await service.platform('PUT', path, { allowed_origins: [SHOP, own] })).status).toBe(200);
    expect((await preflight(own)).headers.get('access-control-allow-origin')).toBe(own);
    expect((await service.platform('PUT', path, { allowed_origins: [] })).status).toBe(200);
    expect((await get(SHOP)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(own)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await service.platform('PUT', path, { allowed_origins: [SHOP] })).status).toBe(200);
    expect((await get(SHOP)).headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(neighbour.tenantId).not.toBe(tenant.tenantId);
  });
});
