import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope, type Response, type TestService, type TestTenant } from './helpers.js';
import { PanelClient, startPanelTest, textOf } from './panel-client.js';

/**
 * Unknown paths of the consoles (docs/operations.md, "The platform panel" and "The tenant portal"): under
 * /panel on the platform listener and /portal on the sandbox and live listeners, a 404 page in the
 * console's own layout with a link back to its home; every other unknown path keeps the API's JSON envelope.
 */
let service: TestService;
let tenant: TestTenant;
let panel: PanelClient;

beforeAll(async () => {
  ({ service, tenant, panel } = await startPanelTest());
});
afterAll(() => service.stop());

/** A portal session on a listener, signed in with a one-time link. */
async function portalOn(environment: 'sandbox' | 'live'): Promise<PanelClient> {
  const link = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`, {
    environment,
  });
  expect(link.status, link.text).toBe(201);
  const client = new PanelClient(new URL(link.json.url).origin, '/portal');
  const token = new URL(link.json.url).searchParams.get('token')!;
  expect((await client.post('/portal/sign-in', { name: 'Sam', token }, { csrf: false })).status).toBe(303);
  return client;
}

function expectPage(res: { status: number; headers: Headers; html: string }, title: string) {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(res.html.startsWith('<!doctype html>')).toBe(true);
  expect(res.html).toContain(`<title>Page not found · ${title}</title>`);
}

const expectJson404 = (res: Response) => {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expectEnvelope(res, 'not_found', 404);
};

describe('the panel, on the platform listener', () => {
  it('answers an unknown path with its own 404 page: the navigation, the path, a link to the overview', async () => {
    for (const path of ['/panel/no-such-page', '/panel/markets/a-market/no/such/thing', '/panel/tenants/x/y']) {
      const res = await panel.get(`${path}?q=1`);
      expectPage(res, 'Platform panel');
      expect(res.html).toContain('<nav aria-label="Platform panel">');
      expect(res.html).toContain('Sign out Ada');
      expect(textOf(res.html)).toContain(`There is no page at ${path} . The link may be old or mistyped.`);
      expect(res.html).toContain('<a href="/panel">Back to the overview</a>');
    }
  });

  it('answers a visitor without a session the same page, without the navigation', async () => {
    const res = await new PanelClient(service.urls.platform).get('/panel/no-such-page');
    expectPage(res, 'Platform panel');
    expect(res.html).not.toContain('<nav');
    expect(res.html).toContain('<a href="/panel">Back to the overview</a>');
  });

  it('sends a signed-out HEAD to the sign-in as it does a GET, not a 401', async () => {
    for (const [base, path, home] of [
      [service.urls.platform, '/panel/tenants', '/panel'],
      [service.urls.sandbox, '/portal', '/portal'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method: 'HEAD', redirect: 'manual' });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location')).toBe(`${home}/sign-in?next=${encodeURIComponent(path)}`);
    }
  });

  it('answers an unknown post or method with the page too, and escapes the path', async () => {
    const post = await panel.post('/panel/no-such-action', { reason: 'x' }, { csrf: false });
    expectPage(post, 'Platform panel');
    const put = await fetch(`${service.urls.platform}/panel/markets`, { method: 'PUT' });
    expect(put.status).toBe(404);
    expect(put.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const hostile = await panel.get('/panel/%3Cscript%3Ealert(1)%3C/script%3E');
    expectPage(hostile, 'Platform panel');
    expect(hostile.html).not.toContain('<script>alert');
  });

  it('answers a path the router cannot read (a bad %-escape, an over-long segment) with the page too', async () => {
    for (const path of ['/panel/%ff', `/panel/markets/${'a'.repeat(300)}`]) {
      const res = await panel.get(path);
      expectPage(res, 'Platform panel');
      expect(res.html).toContain('<a href="/panel">Back to the overview</a>');
    }
    // Beside the panel, the API's paths (and a name that only starts like it) keep the envelope.
    for (const path of ['/platform/v1/%ff', '/panelx/%ff']) {
      expectEnvelope(await call(service.urls.platform, 'GET', path), 'validation_failed', 400);
    }
  });

  it('keeps the JSON envelope for every other unknown path of the listener', async () => {
    for (const path of ['/platform/v1/no-such-route', '/v1/no-such-route', '/panelx', '/portal/no-such-page', '/x']) {
      expectJson404(await call(service.urls.platform, 'GET', path));
    }
  });
});

describe('the portal, on the sandbox and live listeners', () => {
  for (const environment of ['sandbox', 'live'] as const) {
    it(`answers an unknown path on ${environment} with the portal's own 404 page and a link to its home`, async () => {
      const brand = `Operator portal (${environment})`;
      const portal = await portalOn(environment);
      const res = await portal.get('/portal/no-such-page');
      expectPage(res, brand);
      expect(res.html).toContain(`<nav aria-label="${brand}">`);
      expect(textOf(res.html)).toContain('There is no page at /portal/no-such-page .');
      expect(res.html).toContain('<a href="/portal">Back to the portal home</a>');

      const base = environment === 'sandbox' ? service.urls.sandbox : service.urls.live;
      const anonymous = await new PanelClient(base, '/portal').get('/portal/webhooks/no/such/page');
      expectPage(anonymous, brand);
      expect(anonymous.html).not.toContain('<nav');
      for (const path of ['/portal/%ff', `/portal/users/${'a'.repeat(300)}`]) expectPage(await portal.get(path), brand);
      expectEnvelope(await call(base, 'GET', '/v1/users/%ff'), 'validation_failed', 400);
    });
  }

  it('keeps the JSON envelope for unknown API paths of the tenant listeners, with a key or without', async () => {
    for (const base of [service.urls.sandbox, service.urls.live]) {
      for (const path of ['/v1/no-such-route', '/platform/v1/no-such-route', '/panel/no-such-page', '/portalx']) {
        expectJson404(await call(base, 'GET', path));
      }
    }
    expectJson404(await call(service.urls.sandbox, 'GET', '/v1/no-such-route', { key: tenant.sandboxKey }));
  });
});
