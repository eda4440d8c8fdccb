import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { SCOPES } from '../src/domains/api-keys/model/scopes.js';

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

/** Fills path parameters with plausible values. */
const concrete = (url: string) =>
  url.replace(':external_user_id', 'route-user').replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000');

/** API-key routes that take any key, whatever its scopes (GET /v1/tenant: who am I). */
const ANY_API_KEY = ['GET /v1/tenant'];

describe('every route', () => {
  it('declares its rate tier and credential, and every API-key route its scope', () => {
    for (const listener of ['sandbox', 'live', 'platform'] as const) {
      expect(service.routes[listener].length).toBeGreaterThan(1);
      for (const route of service.routes[listener]) {
        expect(route.meta, `${listener} ${route.method} ${route.url}`).toMatchObject({
          tier: expect.any(String),
          credential: expect.any(String),
        });
        if (route.meta!.credential === 'api_key' || route.meta!.credential === 'api_key_or_session')
          if (!ANY_API_KEY.includes(`${route.method} ${route.url}`)) expect(SCOPES).toContain(route.meta!.scope);
        // On the platform listener the API takes the admin token, the panel's pages their session
        // cookie and /metrics the metrics token (or the admin token); only these take nothing.
        if (listener === 'platform') {
          const open = ['/healthz', '/panel/sign-in'];
          const own: Record<string, string> = { '/metrics': 'metrics' };
          const expected = open.includes(route.url)
            ? 'none'
            : (own[route.url] ?? (route.url.startsWith('/panel') ? 'panel' : 'platform'));
          expect(route.meta!.credential, `${route.method} ${route.url}`).toBe(expected);
        }
      }
    }
  });

  it('puts the routes each tier names in that tier, and every other /v1 route in default', () => {
    const named: Record<string, string> = {
      'POST /v1/balance-sync': 'balance_sync',
      'POST /v1/balance-sync/batch': 'balance_sync',
      'PUT /v1/users/:external_user_id': 'user_sync',
      'POST /v1/positions': 'positions',
      'POST /v1/positions/:id/close': 'positions',
      'POST /v1/orders': 'positions',
      'DELETE /v1/orders/:id': 'positions',
      'GET /v1/markets': 'feed_read',
      'GET /v1/markets/:slug': 'feed_read',
      'GET /v1/markets/:slug/snapshot': 'feed_read',
      'GET /v1/markets/:slug/history': 'feed_read',
      'POST /v1/widget/sessions': 'widget_session',
      'POST /v1/widget/sessions/refresh': 'widget_session',
      'GET /v1/widget/config': 'widget_session',
      'POST /v1/widget/error-reports': 'widget_session',
      'GET /v1/widget/profile': 'widget_session',
      'PUT /v1/widget/profile': 'widget_session',
      'DELETE /v1/widget/profile': 'widget_session',
      'GET /v1/widget/leaderboard': 'widget_session',
      'GET /v1/users/me': 'users_me',
      'GET /v1/widget/saved-markets': 'saved_markets',
      'PUT /v1/widget/saved-markets/:market_slug': 'saved_markets',
      'DELETE /v1/widget/saved-markets/:market_slug': 'saved_markets',
    };
    // Public reads without a credential (the changelog, the reference) are tier public.
    const authenticated = service.routes.sandbox.filter((r) => r.meta?.credential !== 'none');
    const tiers = new Map(authenticated.map((r) => [`${r.method} ${r.url}`, r.meta?.tier]));
    for (const [route, tier] of Object.entries(named)) expect(tiers.get(route), route).toBe(tier);
    for (const [route, tier] of tiers) {
      if (route.includes(' /v1/') && !(route in named)) expect(tier, route).toBe('default');
    }
  });

  it('sandbox and live serve the same routes, but for the test markets of the sandbox', () => {
    const list = (l: 'sandbox' | 'live') => service.routes[l].map((r) => `${r.method} ${r.url}`).sort();
    const sandboxOnly = list('sandbox').filter((route) => route.includes(' /v1/sandbox/'));
    expect(sandboxOnly.length).toBeGreaterThan(0);
    expect(list('live')).toEqual(list('sandbox').filter((route) => !sandboxOnly.includes(route)));
  });

  it("answers 401 without a key, with a malformed key and with the other environment's key, and 403 without the scope", async () => {
    const apiKeyRoutes = service.routes.sandbox.filter(
      (r) => r.meta?.credential === 'api_key' || r.meta?.credential === 'api_key_or_session',
    );
    expect(apiKeyRoutes.length).toBeGreaterThanOrEqual(15);
    for (const route of apiKeyRoutes) {
      const scope = route.meta!.scope!;
      const withoutScope = await createTenant(
        service,
        SCOPES.filter((s) => s !== scope),
      );
      const path = concrete(route.url);
      const name = `${route.method} ${route.url}`;
      for (const [key, code, status] of [
        [undefined, 'invalid_api_key', 401],
        ['pmk_sandbox_short', 'invalid_api_key', 401],
        [`pmk_sandbox_${'A'.repeat(32)}`, 'invalid_api_key', 401],
        [tenant.liveKey, 'invalid_api_key', 401],
        ...(scope ? [[withoutScope.sandboxKey, 'insufficient_scope', 403] as const] : []),
        // Not an API key: a route that takes sessions judges it as a session token.
        [
          'eyJhbGciOiJIUzI1NiJ9.e30.forged',
          route.meta!.credential === 'api_key' ? 'invalid_api_key' : 'invalid_session_token',
          401,
        ],
      ] as const) {
        const body = route.method === 'GET' ? undefined : {};
        const res = await service.api('sandbox', route.method, path, { key, body, idempotencyKey: 'route-check' });
        expect(res.status, name).toBe(status);
        expectEnvelope(res, code);
      }
    }
  });

  it('refuses a valid widget session token on every API-key-only route', async () => {
    await service.api('sandbox', 'PUT', '/v1/users/route-user', { key: tenant.sandboxKey, body: { status: 'active' } });
    const minted = await service.api('sandbox', 'POST', '/v1/widget/sessions', {
      key: tenant.sandboxKey,
      body: { external_user_id: 'route-user' },
    });
    expect(minted.status).toBe(201);
    const operatorOnly = service.routes.sandbox.filter((r) => r.meta?.credential === 'api_key');
    expect(operatorOnly.length).toBeGreaterThanOrEqual(6);
    for (const route of operatorOnly) {
      const res = await service.api('sandbox', route.method, concrete(route.url), {
        key: minted.json.token,
        body: route.method === 'GET' ? undefined : {},
        idempotencyKey: 'route-check',
      });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expectEnvelope(res, 'invalid_api_key');
    }
  });

  it("answers 401 invalid_session_token on every session-only route without a token, with an API key, a forged token or the other environment's token", async () => {
    const sessionRoutes = service.routes.sandbox.filter((r) => r.meta?.credential === 'session');
    expect(sessionRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /v1/widget/config',
        'PUT /v1/widget/profile',
        'GET /v1/widget/leaderboard',
        'PUT /v1/widget/saved-markets/:market_slug',
        'POST /v1/widget/error-reports',
      ]),
    );
    await registerUser(service, tenant.liveKey, 'route-live-user', 'live');
    const minted = await service.api('live', 'POST', '/v1/widget/sessions', {
      key: tenant.liveKey,
      body: { external_user_id: 'route-live-user' },
    });
    expect(minted.status).toBe(201);
    for (const route of sessionRoutes) {
      for (const key of [undefined, tenant.sandboxKey, 'eyJhbGciOiJIUzI1NiJ9.e30.forged', minted.json.token]) {
        const res = await service.api('sandbox', route.method, concrete(route.url), {
          key,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.status, `${route.method} ${route.url}`).toBe(401);
        expectEnvelope(res, 'invalid_session_token');
      }
    }
  });

  it('puts X-Request-Id on every answer, unique per request', async () => {
    const ids = new Set<string>();
    for (const [listener, path] of [
      ['sandbox', '/healthz'],
      ['live', '/v1/nothing'],
      ['platform', '/healthz'],
      ['sandbox', '/v1/openapi.json'],
    ] as const) {
      const res = await service.api(listener as 'sandbox', 'GET', path);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(4);
  });

  it('answers GET /healthz with 200 {"status":"ok"} on all three listeners', async () => {
    for (const listener of ['sandbox', 'live', 'platform'] as const) {
      const res = await service.api(listener as 'sandbox', 'GET', '/healthz');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'ok' });
    }
  });

  it('answers unknown routes and methods with 404 not_found', async () => {
    expectEnvelope(await service.api('sandbox', 'GET', '/v2/users/x', { key: tenant.sandboxKey }), 'not_found', 404);
    expectEnvelope(await service.api('sandbox', 'DELETE', '/v1/users/x', { key: tenant.sandboxKey }), 'not_found', 404);
    expectEnvelope(await service.api('sandbox', 'GET', '/'), 'not_found', 404);
  });
});
