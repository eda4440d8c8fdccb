import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestService, type TestService } from './helpers.js';
import { hasChromium, launchChromium, seriousAxeFindings } from './browser.js';

/**
 * The API reference's pages (docs/operator-api.md, "The API reference") in real Chromium: plain HTML from
 * the server, read on a phone (375 px) and a desk (1280 px), its sample tabs working, an old /docs#… link
 * taken to its operation, and nothing loaded from elsewhere or refused by the page's policy.
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

/** A page of the reference, recording what the browser refused, failed or fetched from another origin. */
async function open(path: string, options: { width: number; bypassCSP?: boolean }) {
  const context = await browser.newContext({
    viewport: { width: options.width, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(service.urls.sandbox) && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });
  const answer = await page.goto(`${service.urls.sandbox}${path}`);
  expect(answer?.status()).toBe(200);
  return { page, problems, foreign };
}

describe.skipIf(!hasChromium)('the API reference in a browser', () => {
  it('has no serious or critical axe finding on the index and the largest pages, at 375 and 1280 px', async () => {
    for (const path of ['/docs/reference', '/docs/reference/positions', '/docs/reference/webhooks'])
      for (const width of [375, 1280]) {
        // axe is injected as a script, which the page's own policy rightly refuses.
        const { page } = await open(path, { width, bypassCSP: true });
        expect(await seriousAxeFindings(page), `${path} at ${width} px`).toEqual([]);
        await page.context().close();
      }
  }, 120_000);

  it('sets a route beside its samples on a desk and stacks them on a phone, never wider than the screen', async () => {
    for (const width of [375, 1280]) {
      const { page, problems, foreign } = await open('/docs/reference/positions', { width });
      const layout = await page.evaluate(() => {
        const main = document.querySelector('#open + .endpoint')!.closest('.op')!;
        const text = main.querySelector('.op-main')!.getBoundingClientRect();
        const side = main.querySelector('.op-side')!.getBoundingClientRect();
        return {
          beside: side.left >= text.right - 1,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      expect(layout.beside, `at ${width} px`).toBe(width >= 1100);
      expect(layout.overflow, `at ${width} px`).toBeLessThanOrEqual(0);
      expect(problems).toEqual([]);
      expect(foreign).toEqual([]);
      await page.context().close();
    }
  });

  it('shows one sample at a time, and the language picked on one route on every route', async () => {
    const { page, problems } = await open('/docs/reference/positions', { width: 1280 });
    const visible = (anchor: string) =>
      page.evaluate(
        (id) =>
          [...document.getElementById(id)!.closest('.op')!.querySelectorAll<HTMLElement>('.samples .code')]
            .filter((figure) => figure.offsetParent !== null)
            .map((figure) => figure.dataset.lang),
        anchor,
      );
    expect(await visible('open')).toEqual(['sh']);
    await page.locator('#lang-open-python + label').click();
    expect(await visible('open')).toEqual(['python']);
    expect(await visible('close')).toEqual(['python']);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pm-docs-language'))).toBe('python');
    // The keyboard: the tabs are radio buttons, the arrow keys move between them.
    await page.locator('#lang-open-python').focus();
    await page.keyboard.press('ArrowLeft');
    expect(await visible('open')).toEqual(['ts']);
    expect(
      await page
        .locator('.op', { has: page.locator('#open') })
        .locator('.code[data-lang="ts"] code')
        .textContent(),
    ).toContain('await pm.positions.open(');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('takes an old link of the Redoc reference (/docs#tag/…) to its operation', async () => {
    const { page } = await open('/docs#tag/balance-sync/paths/~1v1~1balance-sync/post', { width: 1280 });
    await page.waitForURL(/\/docs\/reference\/balance-sync#create$/);
    await expect
      .poll(() => page.evaluate(() => Math.abs(document.getElementById('create')!.getBoundingClientRect().top) < 200))
      .toBe(true);
    await page.context().close();
  });
});
