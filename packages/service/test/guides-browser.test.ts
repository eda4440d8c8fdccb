import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestService, type TestService } from './helpers.js';
import { axeOnEveryPage, hasChromium, launchChromium, onDeskLightAndPhoneDark, seriousAxeFindings } from './browser.js';
import { existsSync } from 'node:fs';
import { readGuides, SDK_README } from '../src/http/guides/guide-files.js';

/**
 * The guides in real Chromium: readable on a phone and a desk (nothing wider than the screen but code and
 * tables, which scroll in their own box), no serious axe finding in light or dark, and a link
 * to an operation lands on that operation in the reference.
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

describe.skipIf(!hasChromium)('the guides at /docs/guides', () => {
  it('each fit a 375 px phone and a 1280 px desk, with no serious axe finding in light or dark', async () => {
    const context = await browser.newContext();
    await axeOnEveryPage(context);
    const page = await context.newPage();
    const pages = [...(await readGuides()).map((g) => `guides/${g.name}`), 'guides'];
    if (existsSync(SDK_README)) pages.push('sdk');
    // Each palette once, as the consoles' screens: the width changes what fits, the palette what contrasts.
    await onDeskLightAndPhoneDark(
      page,
      async (width, colorScheme) => {
        for (const guide of pages) {
          expect((await page.goto(`${service.urls.sandbox}/docs/${guide}`))?.status()).toBe(200);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${guide} at ${width} px ${colorScheme}`).toBeLessThanOrEqual(0);
          expect(await seriousAxeFindings(page), `${guide} at ${width} px ${colorScheme}`).toEqual([]);
        }
      },
      375,
    );
    await context.close();
  }, 240_000);

  it('copies a code block, and takes a reader from a guide to the operation in the reference', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.urls.sandbox });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`${service.urls.sandbox}/docs/guides/quickstart`);
    // The block that registers the user, wherever the guide puts it.
    const first = page.locator('figure.code').filter({ hasText: 'PUT "$PM_BASE_URL/v1/users/' }).first();
    await first.getByRole('button', { name: 'Copy this code' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await first.locator('code').textContent());
    expect(copied).toMatch(/^curl -sS --fail-with-body -X PUT "\$PM_BASE_URL\/v1\/users\/u-\d+"/);
    expect(refused).toEqual([]);
    const link = page.locator('a[href^="/docs/reference/"]', { hasText: 'POST /v1/balance-sync' }).first();
    const anchor = (await link.getAttribute('href'))!.split('#')[1]!;
    await link.click();
    await page.waitForURL(/\/docs\/reference\/balance-sync#/);
    await expect
      .poll(() =>
        page.evaluate((id) => Math.abs(document.getElementById(id)!.getBoundingClientRect().top) < 200, anchor),
      )
      .toBe(true);
    await context.close();
  }, 60_000);
});
