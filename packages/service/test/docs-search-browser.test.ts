import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestService, type TestService } from './helpers.js';
import { hasChromium, launchChromium, seriousAxeFindings } from './browser.js';

/**
 * The docs' search box in real Chromium (docs/operator-api.md, "Searching the docs"): results as one types,
 * walked by the keyboard, no serious axe finding with the list open, on a phone and a desk; without script
 * the form's own page answers.
 */
let service: TestService;
let browser: Browser;

beforeAll(async () => {
  service = await startTestService();
  if (hasChromium) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe.skipIf(!hasChromium)('searching the docs in the page', () => {
  it('shows results as one types, opens the one chosen with the keyboard, and loads nothing before the box is used', async () => {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
      const page = await context.newPage();
      const asked: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${service.urls.sandbox}/docs/guides/quickstart`);
      expect(asked.filter((path) => path === '/docs/search.json' || path === '/docs/minisearch.js')).toEqual([]);
      await page.keyboard.press('/');
      const box = page.getByRole('searchbox', { name: 'Search the docs' });
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await box.fill('batch');
      const results = page.getByRole('list', { name: 'Search results' }).getByRole('link');
      await expect.poll(() => results.count()).toBeGreaterThan(0);
      expect(await results.first().textContent()).toMatch(/batch/i);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width} px with the results open`).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(page), `${width} px with the results open`).toEqual([]);
      await box.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => results.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowUp');
      const href = await results.first().getAttribute('href');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname + url.hash === href);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 60_000);

  it('says when nothing matches, and Enter then opens the search page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${service.urls.sandbox}/docs/reference`);
    const box = page.getByRole('searchbox', { name: 'Search the docs' });
    await box.fill('zzqxv');
    await expect.poll(() => page.locator('.search-results').textContent()).toContain('Nothing found');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/search' && url.searchParams.get('q') === 'zzqxv');
    expect(await page.textContent('main')).toContain('Nothing in the guides or the reference matches');
    await context.close();
  }, 30_000);

  it('works without script: the form sends the query to the search page', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${service.urls.sandbox}/docs/guides`);
    const box = page.getByRole('searchbox', { name: 'Search the docs' });
    await box.fill('webhook signature');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/search');
    const first = page.locator('ol.search-page a').first();
    expect(await first.getAttribute('href')).toBe('/docs/guides/webhooks#verify-the-signature-over-the-raw-bytes');
    await context.close();
  }, 30_000);
});
