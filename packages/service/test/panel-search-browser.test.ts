import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { cspErrors, hasChromium, launchChromium, seriousAxeFindings } from './browser.js';
import { ADMIN_TOKEN, createTenant, registerUser, startTestService, uniqueKey, type TestService } from './helpers.js';
import type { TestTenant } from './helpers.js';

/**
 * The panel's search box and a refused form in real Chromium, at a phone's and a desk's width: axe clean,
 * no sideways scroll, and the screenshots of docs/screenshots.
 */
const SHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
let service: TestService;
let tenant: TestTenant;
let browser: Browser;
let page: Page;
let csp: string[];
let shared: string;

/** Screenshots are written only when asked (UPDATE_SCREENSHOTS=1), so a test run leaves the tree as it was. */
const shoot = process.env.UPDATE_SCREENSHOTS === '1';
const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!hasChromium)('the panel search and forms in Chromium', () => {
  beforeAll(async () => {
    service = await startTestService({ clock: new FakeClock('2026-06-01T12:00:00.000Z') });
    tenant = await createTenant(service);
    const other = await createTenant(service);
    shared = `player-${uniqueKey('s')}`;
    await registerUser(service, tenant.sandboxKey, shared);
    await registerUser(service, other.liveKey, shared, 'live');
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    csp = cspErrors(page);
    await page.goto(`${service.urls.platform}/panel/tenants`);
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Platform admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/panel\/tenants$/);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  afterEach(() => {
    expect(csp, 'Content-Security-Policy refusals in the panel').toEqual([]);
  });

  it('finds a user id two tenants share from the header, at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.platform}/panel/tenants`);
      const box = page.getByRole('searchbox', { name: 'Find by id or name' });
      await box.fill(shared);
      await box.press('Enter');
      await page.waitForURL(/\/panel\/search\?q=/);
      await expect.poll(() => page.getByRole('heading', { name: /2 matches/ }).count()).toBe(1);
      expect(await page.getByRole('searchbox', { name: 'Find by id or name' }).inputValue()).toBe(shared);
      expect(await page.getByRole('link', { name: `End user ${shared}` }).count()).toBe(2);
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
      if (shoot) await page.screenshot({ path: `${SHOTS}panel-search-${width}.png`, fullPage: true });
    }
  });

  it('lands on the one thing found, and says so in words when nothing is', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    const box = page.getByRole('searchbox', { name: 'Find by id or name' });
    await box.fill(tenant.tenantId);
    await box.press('Enter');
    await page.waitForURL(new RegExp(`/panel/tenants/${tenant.tenantId}$`));
    await page.getByRole('searchbox', { name: 'Find by id or name' }).fill('nobody-by-this-id');
    await page.getByRole('searchbox', { name: 'Find by id or name' }).press('Enter');
    await expect.poll(() => page.getByText('Nothing found for “nobody-by-this-id”.').count()).toBe(1);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it('keeps what was typed in a refused form with the words next to the field, at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${service.urls.platform}/panel/tenants/${tenant.tenantId}`);
    const url = page.getByLabel('Webhook URL (empty: no delivery)').first();
    await url.fill('hooks.example.com/no-scheme');
    await page.getByRole('button', { name: 'Save sandbox', exact: true }).click();
    await page.waitForURL(new RegExp(`/panel/tenants/${tenant.tenantId}$`));
    const field = page.getByLabel('Webhook URL (empty: no delivery)').first();
    expect(await field.inputValue()).toBe('hooks.example.com/no-scheme');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby'))!;
    expect(await page.locator(`#${describedBy}`).innerText()).toMatch(/^Enter an https address/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    await field.scrollIntoViewIfNeeded();
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Environment sandbox' }) });
    if (shoot) await section.screenshot({ path: `${SHOTS}panel-form-error-375.png` });
  });
});
