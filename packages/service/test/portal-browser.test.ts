import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/domains/api-keys/model/scopes.js';
import { FakeClock } from '../src/lib/clock.js';
import {
  axeOnEveryPage,
  cspErrors,
  hasChromium,
  launchChromium,
  onDeskLightAndPhoneDark,
  seriousAxeFindings,
} from './browser.js';
import { createTenant, registerUser, startTestService, sync, type TestService, type TestTenant } from './helpers.js';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../docs/screenshots');

/**
 * The tenant portal in real Chromium (Debian's package): a staff member signs in by the platform's link
 * and rotates a key. Skipped where no Chromium is installed (.ci/run installs it).
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let browser: Browser;
let page: Page;
let csp: string[];

describe.skipIf(!hasChromium)('the tenant portal in Chromium', () => {
  beforeAll(async () => {
    service = await startTestService({ clock });
    tenant = await createTenant(service);
    browser = await launchChromium();
    page = await browser.newPage();
    await axeOnEveryPage(page);
    csp = cspErrors(page);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  // The pages' policy allows their one style sheet and forms to the portal, nothing else.
  afterEach(() => {
    expect(csp, 'Content-Security-Policy refusals in the portal').toEqual([]);
  });

  const link = async () =>
    (await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`)).json.url as string;

  it('signs in by the link, which then refuses a second use', async () => {
    const url = await link();
    await page.goto(url);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Sam');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/portal$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('sandbox settings');

    const second = await browser.newPage();
    const secondCsp = cspErrors(second);
    await second.goto(url);
    await second.getByLabel('Your name').fill('Eve');
    await second.getByRole('button', { name: 'Sign in' }).click();
    expect(await second.getByRole('alert').textContent()).toContain('This sign-in link has been used');
    expect(secondCsp).toEqual([]);
    await second.close();
  });

  it('rotates a key end to end: the new key shown once, the old one works until the confirm, then 401', async () => {
    await page.goto(`${service.urls.sandbox}/portal`);
    await page.getByRole('button', { name: /^Rotate key/ }).click();
    const newKey = (await page.getByLabel('API key').textContent())!.trim();
    expect(newKey).toMatch(/^pmk_sandbox_/);
    for (const key of [tenant.sandboxKey, newKey]) {
      expect((await service.api('sandbox', 'GET', '/v1/markets', { key })).status).toBe(200);
    }
    await page.getByRole('link', { name: 'Back to settings' }).click();
    expect(await page.content()).not.toContain(newKey);
    await page.getByRole('button', { name: /^Confirm rotation/ }).click();
    expect(await page.getByRole('status').textContent()).toContain('Rotation confirmed');
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: tenant.sandboxKey })).status).toBe(401);
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: newKey })).status).toBe(200);
  });

  it('sets the webhook URL, rotates the secret after a confirmation (shown once) and sends a test event', async () => {
    await page.goto(`${service.urls.sandbox}/portal`);
    await page.getByLabel('Webhook URL', { exact: true }).fill('https://hooks.example.com/portal');
    await page.getByLabel('Allowed origins, one per line').fill('https://shop.example.com\nhttps://shop.example.com/x');
    await page.getByRole('button', { name: 'Save webhook URL and origins' }).click();
    // Refused: what was typed stays, with the reason.
    expect(await page.getByRole('alert').textContent()).toContain('https://shop.example.com/x must be an origin');
    expect(await page.getByLabel('Webhook URL', { exact: true }).inputValue()).toBe('https://hooks.example.com/portal');
    await page.getByLabel('Allowed origins, one per line').fill('https://shop.example.com');
    await page.getByRole('button', { name: 'Save webhook URL and origins' }).click();
    expect(await page.getByRole('status').textContent()).toContain('saved');

    await page.getByRole('link', { name: 'Create a webhook secret…' }).click();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create the secret' }).click();
    const secret = (await page.getByLabel('Webhook secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('link', { name: 'Back to settings' }).click();
    expect(await page.content()).not.toContain(secret);

    await page.getByLabel('Event type').selectOption('market.resolved');
    await page.getByRole('button', { name: 'Send test event' }).click();
    const notice = (await page.getByRole('status').textContent())!;
    const deliveryId = /delivery ([0-9a-f-]{36})/.exec(notice)![1]!;
    await page.getByRole('link', { name: 'Webhooks', exact: true }).first().click();
    expect(await page.content()).toContain(deliveryId);
    // The key of the test before was rotated away: the platform's view of the same settings.
    const detail = await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    expect(detail.json.environments.find((e: { environment: string }) => e.environment === 'sandbox')).toMatchObject({
      webhook_url: 'https://hooks.example.com/portal',
      allowed_origins: ['https://shop.example.com'],
      webhook_secret_set: true,
    });
  });

  it('has no serious or critical axe finding on its screens, on a desk in light and on a phone in dark', async () => {
    await onDeskLightAndPhoneDark(page, async (width, colorScheme) => {
      for (const screen of [
        '/portal',
        '/portal/webhooks',
        '/portal/reports',
        '/portal/tickets',
        '/portal/reconciliation',
        '/portal/requests',
        '/portal/requests?from=yesterday&status=4xx',
        '/portal/users',
        '/portal/rate-limits',
      ]) {
        await page.goto(`${service.urls.sandbox}${screen}`);
        expect(await seriousAxeFindings(page), `${screen} at ${width} px, ${colorScheme}`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen} at ${width} px, ${colorScheme}`).toBeLessThanOrEqual(0);
        // Nor does a table scroll inside its own box: on a phone its rows are cards, no value cut off.
        const cut = await page.evaluate(
          () => [...document.querySelectorAll('.scroll')].filter((box) => box.scrollWidth > box.clientWidth + 1).length,
        );
        expect(cut, `tables wider than their box on ${screen} at ${width} px`).toBe(0);
      }
    });
  });

  it("lists the environment's requests, a user's page and a refused request: axe clean, no sideways scroll, desk and phone", async () => {
    const key = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
      environment: 'sandbox',
      scopes: SCOPES,
    });
    expect(key.status, key.text).toBe(201);
    const apiKey = key.json.api_key as string;
    const user = 'player-4711';
    await registerUser(service, apiKey, user);
    await sync(service, apiKey, { external_user_id: user, direction: 'credit', amount: '25.00' });
    await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: apiKey });
    const refused = await sync(service, apiKey, { external_user_id: user, direction: 'debit', amount: '40.00' });
    expect(refused.status).toBe(409);
    await service.deps.requestLog.flush();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.sandbox}/portal/requests`);
      const row = page.getByRole('link', { name: 'POST /v1/balance-sync' }).first();
      expect(await row.isVisible()).toBe(true);
      // The key columns stay in view on a phone: what was asked and how it was answered.
      const status = page.locator('.status.s4').first();
      expect(await status.isVisible()).toBe(true);
      const box = await status.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({
          path: path.join(SCREENSHOTS, `portal-requests-${width}.png`),
          fullPage: width === 1280,
        });
      }
      await page.goto(`${service.urls.sandbox}/portal`);
      // On a phone each key is a card: its last use, state and rotation stay in view.
      const lastUsed = page.locator('td[data-label="Last used"]').first();
      const lastUsedBox = await lastUsed.boundingBox();
      expect(lastUsedBox!.x + lastUsedBox!.width).toBeLessThanOrEqual(width);
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, `portal-settings-${width}.png`) });
      }
      await page.goto(`${service.urls.sandbox}/portal/rate-limits`);
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, `portal-rate-limits-${width}.png`), fullPage: true });
      }
      await page.goto(`${service.urls.sandbox}/portal/users/${user}`);
      expect(await page.getByRole('heading', { name: 'Latest refused requests' }).count()).toBe(1);
      expect(await seriousAxeFindings(page), `a user's page at ${width} px`).toEqual([]);
      const cutTables = await page.evaluate(
        () => [...document.querySelectorAll('.scroll')].filter((box) => box.scrollWidth > box.clientWidth + 1).length,
      );
      expect(cutTables, `tables wider than their box on a user's page at ${width} px`).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, `portal-user-${width}.png`), fullPage: true });
      }
      await page.goto(`${service.urls.sandbox}/portal/requests/${refused.json.request_id}`);
      expect(await page.locator('.problem').getByText(refused.json.message).count()).toBe(1);
      expect(await seriousAxeFindings(page), `a request's page at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `a request's page at ${width} px`).toBeLessThanOrEqual(0);
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({ path: path.join(SCREENSHOTS, `portal-request-${width}.png`), fullPage: true });
      }
    }
  });
});
