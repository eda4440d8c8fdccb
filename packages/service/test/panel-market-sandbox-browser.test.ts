import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { axeOnEveryPage, cspErrors, hasChromium, launchChromium, seriousAxeFindings } from './browser.js';
import {
  ADMIN_TOKEN,
  createTenant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { auditRows } from './panel-client.js';
import { createMarket, fundedUser, type TestMarket } from './trading-helpers.js';

/**
 * A market page's sandbox influence (docs/operator-api.md, "Sandbox influence") and its suspend reason in
 * real Chromium, at 375 and 1280 px: axe clean, no sideways scroll, the meter named, a refused bound kept
 * with its words, "Remove the bound…" confirmed first. With UPDATE_SCREENSHOTS=1 it writes
 * docs/screenshots/panel-market-sandbox-{1280,375}.png and panel-market-sandbox-remove-375.png.
 */
const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let market: TestMarket;
let browser: Browser;
let page: Page;
let csp: string[];

const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const apiMarket = async (slug: string) => (await service.platform('GET', `/platform/v1/markets/${slug}`)).json;

describe.skipIf(!hasChromium)("a market's sandbox influence in Chromium", () => {
  beforeAll(async () => {
    service = await startTestService({ clock });
    tenant = await createTenant(service);
    market = await createMarket(service, tenant, {
      // A slug of its own (this file alone uses it in a run's database): the screenshots show it.
      slug: 'derby-extra-time',
      title: 'Will the derby go to extra time?',
      liquidity: '1000',
      sandbox_influence: '0.01',
    });
    // Sandbox opens on both sides: about 4.2 shares apart, 42 % of the bound's 10.
    for (const [outcome, stake] of [
      [0, '4.00'],
      [1, '1.90'],
    ] as const) {
      const user = await fundedUser(service, tenant.sandboxKey, 'sandbox');
      const res = await service.api('sandbox', 'POST', '/v1/positions', {
        key: tenant.sandboxKey,
        idempotencyKey: uniqueKey('open'),
        body: {
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: market.outcomes[outcome]!.id,
          stake,
          max_price: '1',
        },
      });
      expect(res.status, res.text).toBe(201);
    }
    browser = await launchChromium();
    const context = await browser.newContext();
    await axeOnEveryPage(context);
    page = await context.newPage();
    csp = cspErrors(page);
    await page.goto(`${service.urls.platform}/panel/sign-in`);
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Platform admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/panel$/);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  afterEach(() => {
    expect(csp, 'Content-Security-Policy refusals in the panel').toEqual([]);
  });

  for (const width of [1280, 375]) {
    it(`shows the spread against the bound at ${width} px: a named meter, axe clean, no sideways scroll`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.platform}/panel/markets/${market.slug}`);
      const { sandbox_spread: spread } = await apiMarket(market.slug);
      const section = page.getByRole('region', { name: 'Sandbox influence' });
      expect(await section.getByTestId('sandbox-state').textContent()).toContain(
        `Sandbox positions hold ${spread} of the depth; the bound is 0.01`,
      );
      const percent = Math.round((Number(spread) / 0.01) * 100);
      const meter = section.getByRole('meter', { name: `Bound in use: ${percent}\u00a0%` });
      expect(Number(await meter.getAttribute('value'))).toBeCloseTo(Number(spread) / 0.01, 6);
      expect(await section.getByLabel('New bound ε').inputValue()).toBe('0.01');
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await overflow()).toBeLessThanOrEqual(0);
      const save = section.getByRole('button', { name: 'Save bound' });
      expect((await save.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      if (process.env.UPDATE_SCREENSHOTS) {
        await section.screenshot({ path: path.join(SCREENSHOTS, `panel-market-sandbox-${width}.png`) });
      }
    });
  }

  it('keeps a refused bound with its words beside the field at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`${service.urls.platform}/panel/markets/${market.slug}`);
    const form = page.getByRole('form', { name: 'Set the sandbox bound' });
    await form.getByLabel('New bound ε').fill('0.5');
    await form.getByRole('button', { name: 'Save bound' }).click();
    await page.waitForURL(new RegExp(`/panel/markets/${market.slug}#sandbox$`));
    const field = page.getByLabel('New bound ε');
    expect(await field.inputValue()).toBe('0.5');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#sandbox-influence-error').textContent()).toBe(
      '0.5 is above the largest bound, 0.05: enter a bound from 0.001 to 0.05, like 0.01.',
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect((await apiMarket(market.slug)).sandbox_influence).toBe('0.01');
  });

  it('asks before removing the bound, then removes it; a new bound is saved from the field', async () => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`${service.urls.platform}/panel/markets/${market.slug}`);
    await page.getByRole('button', { name: 'Remove the bound…' }).click();
    await page.waitForURL(/\/sandbox-influence$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Remove the sandbox bound of “Will the derby go to extra time?”?',
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    if (process.env.UPDATE_SCREENSHOTS) {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'panel-market-sandbox-remove-375.png'), fullPage: true });
    }
    expect((await apiMarket(market.slug)).sandbox_influence).toBe('0.01');
    await page.getByRole('button', { name: 'Remove the bound' }).click();
    await page.waitForURL(new RegExp(`/panel/markets/${market.slug}#sandbox$`));
    expect(await page.getByRole('status').textContent()).toContain('has no sandbox bound');
    expect((await apiMarket(market.slug)).sandbox_influence).toBeNull();
    const section = page.getByRole('region', { name: 'Sandbox influence' });
    expect(await section.getByTestId('sandbox-state').textContent()).toMatch(/^No bound: sandbox play money/);
    expect(await section.getByRole('meter').count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await section.getByLabel('New bound ε').fill('0.02');
    await section.getByRole('button', { name: 'Save bound' }).click();
    await page.waitForURL(new RegExp(`/panel/markets/${market.slug}#sandbox$`));
    expect((await apiMarket(market.slug)).sandbox_influence).toBe('0.02');
    expect(await page.getByRole('meter').count()).toBe(1);
    const audit = await auditRows(service, 'market.update', market.slug);
    expect(audit.map((a) => (a.details as { sandbox_influence: unknown }).sandbox_influence)).toEqual([null, '0.02']);
  });

  it('suspends with a reason typed at 375 px, confirmed on a page of its own, shown on the market page', async () => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`${service.urls.platform}/panel/markets/${market.slug}`);
    const form = page.getByRole('form', { name: 'Suspend trading' });
    // The reason is required: the browser keeps an empty one from leaving.
    await form.getByRole('button', { name: 'Suspend trading…' }).click();
    expect(page.url()).toMatch(new RegExp(`/panel/markets/${market.slug}$`));
    await form.getByLabel('Reason (required)').fill('Feed provider down (incident 311)');
    await form.getByRole('button', { name: 'Suspend trading…' }).click();
    await page.waitForURL(new RegExp(`/panel/markets/${market.slug}/suspend/review$`));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Suspend trading on ${market.slug}?`);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect((await apiMarket(market.slug)).status).toBe('open');
    await page.getByRole('button', { name: `Suspend ${market.slug}` }).click();
    await page.waitForURL(new RegExp(`/panel/markets/${market.slug}$`));
    expect(await page.getByRole('status').textContent()).toBe(`${market.slug} is suspended.`);
    expect(await page.getByTestId('status-reason').textContent()).toBe('Feed provider down (incident 311)');
    expect(await page.getByRole('form', { name: 'Reopen trading' }).count()).toBe(1);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const audit = await auditRows(service, 'market.suspend', market.slug);
    expect(audit.map((a) => a.who)).toEqual(['panel:Ada']);
    expect(audit[0]!.details).toMatchObject({ reason: 'Feed provider down (incident 311)' });
  });

  it('shows a sandbox test market with no bound and no form at 375 px', async () => {
    const created = await service.api('sandbox', 'POST', '/v1/sandbox/markets', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('test-market'),
      body: { title: 'A test market of its own', outcomes: ['Yes', 'No'] },
    });
    expect(created.status, created.text).toBe(201);
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`${service.urls.platform}/panel/markets/${created.json.slug}`);
    const section = page.getByRole('region', { name: 'Sandbox influence' });
    expect(await section.textContent()).toContain('this is a sandbox test market of');
    expect(await section.getByRole('textbox').count()).toBe(0);
    expect(await section.getByRole('button').count()).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
