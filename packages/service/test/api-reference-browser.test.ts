import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestService, type TestService } from './helpers.js';
import { hasChromium, launchChromium, seriousAxeFindings } from './browser.js';

/**
 * The API reference page /docs (issue 15) in real Chromium: Redoc from the listener itself renders the
 * served document, every route and webhook event with its examples, under a policy that forbids inline
 * scripts and every other origin.
 */
let service: TestService;
let browser: Browser;
let doc: any;

beforeAll(async () => {
  service = await startTestService();
  doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
  if (hasChromium) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** The reference, rendered, on a page that records what the browser refused or failed to load. */
async function openReference(options: { width?: number; bypassCSP?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
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
    if (!request.url().startsWith(service.urls.sandbox) && !/^(data|blob):/.test(request.url()))
      foreign.push(request.url());
  });
  const answer = await page.goto(`${service.urls.sandbox}/docs`);
  expect(answer?.status()).toBe(200);
  await page.waitForSelector('text=Prediction market operator API', { timeout: 20_000 });
  return { page, problems, foreign };
}

const texts = (page: Page) => page.evaluate(() => document.body.innerText);

/**
 * The reference at 1280 px under its own policy, opened once for the tests that only read it: Redoc takes
 * seconds to render every route, and those tests change nothing on the page.
 */
let shared: ReturnType<typeof openReference> | undefined;
const sharedReference = () => (shared ??= openReference());

describe.skipIf(!hasChromium)('the API reference at /docs', () => {
  it('renders every route and webhook event of the served document, from this origin alone', async () => {
    const { page, problems, foreign } = await sharedReference();
    const text = await texts(page);
    for (const item of Object.values<any>(doc.paths))
      for (const op of Object.values<any>(item)) expect(text, op.summary).toContain(op.summary);
    for (const event of Object.keys(doc.webhooks)) expect(text, event).toContain(event);
    // An example is shown: a request body's field and a recorded answer's value.
    expect(text).toContain('world-cup-final');
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it('shows a route’s error codes, and is served on the live listener too', async () => {
    const { page } = await sharedReference();
    const text = await texts(page);
    for (const code of ['would_overdraw', 'price_moved', 'idempotency_key_in_progress']) expect(text).toContain(code);
    const live = await fetch(`${service.urls.live}/docs`);
    expect(live.status).toBe(200);
    expect(live.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${service.urls.live}/docs/redoc.standalone.js`)).status).toBe(200);
  });

  it('has no serious or critical axe finding, on a desk and on a phone', async () => {
    for (const width of [1280, 390]) {
      // axe is injected as an inline script, which the page's own policy rightly refuses.
      const { page } = await openReference({ width, bypassCSP: true });
      expect(await seriousAxeFindings(page), `at ${width} px`).toEqual([]);
      await page.context().close();
    }
    // axe walks every node of the whole reference, twice: about 15 s each on a shared 2-core machine.
  }, 120_000);
});
