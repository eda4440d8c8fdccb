import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReport } from '../src/domains/reports/index.js';
import {
  call,
  createTenant,
  startTestService,
  uniqueKey,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { PanelClient } from './panel-client.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';

/**
 * Security headers: every answer of the APIs says nosniff and no-store, errors included; the panel's and
 * the portal's pages carry a Content-Security-Policy that allows only what they load (the browser tests
 * check that they still work under it); the report download adds to Vary. The demo page's policy:
 * demo-browser.test.ts.
 */
let service: TestService;
let tenant: TestTenant;
let session: string;
// An origin of this file's own: a preflight is answered for an origin any tenant lists (cors.test.ts's
// SHOP must stay unlisted when its tenant clears its list).
const SHOP = `https://headers-${process.pid}.example.com`;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
  await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, {
    allowed_origins: [SHOP],
  });
  session = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'headers'));
});
afterAll(() => service.stop());

const expectApiHeaders = (res: Response, what: string) => {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('cache-control'), what).toBe('no-store');
};

describe('the APIs', () => {
  it('answer nosniff and no-store on /v1, successes and errors alike', async () => {
    const key = tenant.sandboxKey;
    const cases: [string, Promise<Response>, number][] = [
      ['a read', service.api('sandbox', 'GET', '/v1/markets', { key }), 200],
      ['a session read', service.api('sandbox', 'GET', '/v1/users/me', { key: session }), 200],
      [
        'a keyed write',
        service.api('sandbox', 'POST', '/v1/support-tickets', {
          key,
          idempotencyKey: uniqueKey('headers'),
          body: { subject: 'Headers', body: 'Hello.' },
        }),
        201,
      ],
      ['no credential', service.api('sandbox', 'GET', '/v1/markets'), 401],
      ['a bad body', service.api('sandbox', 'PUT', '/v1/users/x', { key, rawBody: '{' }), 400],
      ['an unknown market', service.api('sandbox', 'GET', '/v1/markets/no-such-market', { key }), 404],
      ['an unknown path', service.api('sandbox', 'GET', '/v1/no-such-route', { key }), 404],
      ['the live listener', service.api('live', 'GET', '/v1/markets', { key: tenant.liveKey }), 200],
      ['the document', service.api('sandbox', 'GET', '/v1/openapi.json'), 200],
    ];
    for (const [what, answer, status] of cases) {
      const res = await answer;
      expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(status);
      expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
      expectApiHeaders(res, what);
    }
  });

  it('answer them on /platform/v1, errors included', async () => {
    expectApiHeaders(await service.platform('GET', '/platform/v1/tenants'), 'a platform read');
    expectApiHeaders(await call(service.urls.platform, 'GET', '/platform/v1/tenants'), 'no token');
    expectApiHeaders(await service.platform('GET', '/platform/v1/no-such-route'), 'an unknown path');
  });

  it('leave the widget bundle, the reference and the health check to their own rules', async () => {
    const bundle = await call(service.urls.sandbox, 'GET', '/widget/v1/widget.iife.js');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=300');
    const docs = await call(service.urls.sandbox, 'GET', '/docs/reference');
    expect(docs.headers.get('cache-control')).toBe('no-cache');
    expect((await call(service.urls.sandbox, 'GET', '/healthz')).headers.get('cache-control')).toBeNull();
  });

  it('reach the event stream, which says no-cache itself and keeps CORS', async () => {
    const { slug } = await createMarket(service, tenant);
    const aborter = new AbortController();
    const res = await fetch(`${service.urls.sandbox}/v1/widget/stream?markets=${slug}`, {
      headers: { authorization: `Bearer ${session}`, origin: SHOP },
      signal: aborter.signal,
    });
    aborter.abort();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
  });
});

describe('the report download', () => {
  it('adds Accept-Encoding to Vary, keeping Origin', async () => {
    const job = await service.api('sandbox', 'POST', '/v1/reports', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('report'),
      body: { report_type: 'balances', format: 'csv' },
    });
    expect(job.status, job.text).toBe(202);
    await generateReport(service.system('test'), job.json.id);
    const download = await service.api('sandbox', 'GET', `/v1/reports/${job.json.id}/download`, {
      key: tenant.sandboxKey,
      headers: { origin: SHOP },
    });
    expect(download.status).toBe(200);
    const vary = download.headers
      .get('vary')!
      .split(',')
      .map((v) => v.trim());
    expect(vary).toEqual(['Origin', 'Accept-Encoding']);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the pages', () => {
  const directivesOf = (res: { headers: Headers }) =>
    new Map(
      res.headers
        .get('content-security-policy')!
        .split('; ')
        .map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]),
    );

  it('of the panel and the portal allow their style sheet, their one Copy script, forms to themselves, and nothing else', async () => {
    const link = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`);
    for (const url of [`${service.urls.platform}/panel/sign-in`, link.json.url as string]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      const directives = directivesOf(res);
      expect([...directives.keys()], url).toEqual([
        'default-src',
        'style-src',
        'script-src',
        'base-uri',
        'form-action',
        'frame-ancestors',
      ]);
      expect(directives.get('default-src')).toBe("'none'");
      expect(directives.get('style-src')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      // The Copy buttons' script by its hash alone: no inline script, no source, no eval.
      expect(directives.get('script-src')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(directives.get('base-uri')).toBe("'none'");
      expect(directives.get('form-action')).toBe("'self'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('carry it on a signed-in screen and an error page too', async () => {
    const panel = await PanelClient.signedIn(service);
    for (const path of [
      '/panel/markets',
      '/panel/tenants/00000000-0000-4000-8000-000000000000',
      '/panel/markets/NOT_A_SLUG',
    ]) {
      const res = await panel.get(path);
      expect(directivesOf(res).get('default-src'), path).toBe("'none'");
    }
  });
});
