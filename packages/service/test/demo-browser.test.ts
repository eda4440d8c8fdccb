import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../src/demo-data.js';
import { buildApp } from '../src/http/app.js';
import { demoRoutes } from '../src/http/routes/demo.js';
import { cspErrors, hasChromium, launchChromium } from './browser.js';
import { call, createTenant, startTestService, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { createMarket } from './trading-helpers.js';

/**
 * The demo host page in real Chromium under its own Content-Security-Policy: it mounts
 * the widget, which loads a locale file and calls the API, and the policy refuses nothing. The service
 * mounts the page only with the embedded database and a loopback sandbox listener (service.ts); here a
 * sandbox app of the test service's deps serves it for a tenant of this test, on loopback.
 */
let service: TestService;
let tenant: TestTenant;
let demo: FastifyInstance;
let base: string;
let browser: Browser;
const TITLE = 'Will the demo page mount the widget?';

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
  const window_ = { opens_at: new Date(Date.now() - 86_400_000).toISOString(), closes_at: '2027-12-31T00:00:00Z' };
  await createMarket(service, tenant, { ...window_, title: TITLE });
  const settings = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, {
    widget: { locales: ['en', 'es'], default_locale: 'en' },
  });
  expect(settings.status, settings.text).toBe(200);
  const user = await service.api('sandbox', 'PUT', `/v1/users/${DEMO_USER}`, {
    key: tenant.sandboxKey,
    body: { status: 'active' },
  });
  expect(user.status, user.text).toBeLessThan(300);
  const credit = await service.api('sandbox', 'POST', '/v1/balance-sync', {
    key: tenant.sandboxKey,
    idempotencyKey: uniqueKey('demo'),
    body: { external_user_id: DEMO_USER, direction: 'credit', amount: '250.00' },
  });
  expect(credit.status, credit.text).toBeLessThan(300);
  demo = await buildApp(
    'sandbox',
    service.deps,
    demoRoutes(service.deps, { tenantId: tenant.tenantId, sandboxKey: null }),
  );
  base = await demo.listen({ host: '127.0.0.1', port: 0 });
  if (hasChromium) browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
  await service?.stop();
});

describe('the demo page', () => {
  it('answers with a policy that names what it loads, never framed, never sniffed', async () => {
    const res = await call(base, 'GET', '/demo');
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy')!;
    const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(directives.get('style-src')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(policy).not.toContain('unsafe');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.skipIf(!hasChromium)('mounts the widget in Chromium, in English and in Spanish, with no CSP refusal', async () => {
    const page = await browser.newPage();
    const csp = cspErrors(page);
    const failed: string[] = [];
    page.on('pageerror', (error) => failed.push(error.message));
    await page.goto(`${base}/demo`);
    await expect.poll(() => page.getByText(TITLE).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.balance').textContent()).toBe('250.00');

    const locale = page.waitForResponse((r) => r.url().endsWith('/widget/v1/locales/es.js'));
    await page.goto(`${base}/demo?locale=es`);
    expect((await locale).status()).toBe(200);
    await expect.poll(() => page.getByRole('tab', { name: 'Mercados' }).count()).toBe(1);

    expect(csp).toEqual([]);
    expect(failed).toEqual([]);
    await page.close();
  });
});
