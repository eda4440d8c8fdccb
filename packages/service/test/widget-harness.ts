import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { cspErrors, launchChromium, startHostPage, type PageClock } from './browser.js';
import { createTenant, startTestService, type TestService, type TestTenant } from './helpers.js';
import { fundedUser, sessionFor } from './trading-helpers.js';

/** How long the widget keeps a closed position's note in its card's place (packages/widget/src/ui/portfolio.tsx). */
export const CLOSED_NOTE_MS = 10_000;

/**
 * After a close the widget confirms: its note stays in the card's place for CLOSED_NOTE_MS (on the page's
 * clock), then the position is among the ended ones.
 */
export async function expectClosedNoteThenEnded(clock: PageClock, note: Locator, ended: Locator): Promise<void> {
  await clock.jump(CLOSED_NOTE_MS - 1_000);
  expect(await note.count(), 'the note a second before it goes').toBe(1);
  await clock.jump(1_000);
  await expect.poll(() => ended.count(), { timeout: 15_000 }).toBe(1);
}

/** A market that opened yesterday and closes next year, on any clock the test service runs. */
export const OPEN_WINDOW = {
  opens_at: new Date(Date.now() - 86_400_000).toISOString(),
  closes_at: '2027-12-31T00:00:00Z',
};

/**
 * What a widget browser test needs: the real service, a tenant whose sandbox lists an operator page on
 * an origin of its own (browser.ts, with a strict Content-Security-Policy), and Debian's Chromium.
 * Each test opens pages with `open()`, which records every page's CSP refusals for `expectNoCspRefusal()`;
 * `finishTest()` (in each file's afterEach) checks them and closes the test's pages.
 */
export interface WidgetHarness {
  service: TestService;
  tenant: TestTenant;
  browser: Browser;
  host: { origin: string };
  /** A funded user of the tenant's sandbox and a widget session token for it. */
  newUser(amount?: string): Promise<{ user: string; token: string }>;
  /** A new page (its own context) on the operator page, at this viewport. */
  open(viewport?: { width: number; height: number }): Promise<Page>;
  /** Mounts the widget on the operator page with the token and options; false when mount() threw. */
  mountAs(page: Page, token: string, options?: Record<string, unknown>): Promise<boolean>;
  /** The user's balance as the API reports it. */
  balanceOf(user: string): Promise<string>;
  /**
   * Waits until the widget on the page has drawn what it was loading: nothing busy or in a skeleton (its
   * bones included), and its tree unchanged for a moment.
   */
  settled(page: Page): Promise<void>;
  /** Whatever the test did so far, on any of its pages, the widget needed nothing the host page's policy refuses. */
  expectNoCspRefusal(): void;
  /**
   * After each test: no CSP refusal, then the test's pages close. A page left open keeps its widget
   * streaming and asking for quotes while the file's later tests run, on the same two cores.
   */
  finishTest(): Promise<void>;
  /** Closes the test's pages without the CSP check, for a file whose tests check it where they expect none. */
  closePages(): Promise<void>;
  stop(): Promise<void>;
}

export async function startWidgetHarness(options: { locales?: string[] } = {}): Promise<WidgetHarness> {
  const service = await startTestService();
  const tenant = await createTenant(service);
  const host = await startHostPage(service.urls.sandbox);
  const settings = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, {
    allowed_origins: [host.origin],
    ...(options.locales ? { widget: { locales: options.locales, default_locale: options.locales[0] } } : {}),
  });
  expect(settings.status, settings.text).toBe(200);
  const browser = await launchChromium();
  /** The current test's pages (each in its own context) and what the host page's policy refused on them. */
  let contexts: BrowserContext[] = [];
  let refusals: string[][] = [];
  const expectNoCspRefusal = () =>
    expect(refusals.flat(), 'Content-Security-Policy refusals on the host page').toEqual([]);
  const closePages = async () => {
    const closing = contexts;
    contexts = [];
    refusals = [];
    await Promise.all(closing.map((context) => context.close().catch(() => {})));
  };

  return {
    service,
    tenant,
    browser,
    host,
    async newUser(amount = '100.00') {
      const user = await fundedUser(service, tenant.sandboxKey, 'browser', amount);
      return { user, token: await sessionFor(service, tenant.sandboxKey, user) };
    },
    async open(viewport = { width: 1000, height: 900 }) {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      refusals.push(cspErrors(page));
      await page.goto(host.origin);
      return page;
    },
    mountAs: (page, token, mountOptions = {}) =>
      page.evaluate(([t, o]) => (window as any).mountWidget({ sessionToken: t, ...o }), [token, mountOptions] as const),
    settled: widgetSettled,
    async balanceOf(user) {
      return (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey })).json.balance;
    },
    expectNoCspRefusal,
    closePages,
    async finishTest() {
      try {
        expectNoCspRefusal();
      } finally {
        await closePages();
      }
    },
    async stop() {
      await closePages();
      await browser.close();
      await host.close();
      await service.stop();
    },
  };
}

/** How long the widget's tree must stay unchanged to count as drawn, and the longest wait for that. */
const QUIET_MS = 150;
const SETTLE_TIMEOUT_MS = 10_000;

async function widgetSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.querySelector('[data-prediction-market-widget]')?.shadowRoot;
      return !!root && !root.querySelector('[aria-busy=true], .bone, .skeleton, .skeleton-text, .chart-skeleton');
    },
    undefined,
    { timeout: SETTLE_TIMEOUT_MS },
  );
  await page.evaluate(
    ([quietMs, timeoutMs]) =>
      new Promise<void>((resolve, reject) => {
        const root = document.querySelector('[data-prediction-market-widget]')!.shadowRoot!;
        let quiet = setTimeout(done, quietMs);
        const giveUp = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`the widget kept changing for ${timeoutMs} ms`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, quietMs);
        });
        observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(giveUp);
          resolve();
        }
      }),
    [QUIET_MS, SETTLE_TIMEOUT_MS] as const,
  );
}
