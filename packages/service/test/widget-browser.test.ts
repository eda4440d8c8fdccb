import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signSessionToken } from '../src/http/session-token.js';
import { cspErrors, hasChromium, installClock, launchChromium, seriousAxeFindings, startHostPage } from './browser.js';
import {
  createTenant,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  WIDGET_SECRET,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, sessionFor, type TestMarket } from './trading-helpers.js';
import { expectClosedNoteThenEnded } from './widget-harness.js';

/**
 * The widget in real Chromium (Debian's package), embedded in an operator page on an origin of its own,
 * against the real service. Skipped, with a note, where no Chromium is installed (.ci/run installs it).
 */
const window_ = { opens_at: new Date(Date.now() - 86_400_000).toISOString(), closes_at: '2027-12-31T00:00:00Z' };
let service: TestService;
let tenant: TestTenant;
let browser: Browser;
let host: { origin: string; close(): Promise<void> };
let market: TestMarket;
let context: BrowserContext;
let page: Page;
let csp: string[];

describe.skipIf(!hasChromium)('the widget in Chromium', () => {
  beforeAll(async () => {
    service = await startTestService();
    tenant = await createTenant(service);
    host = await startHostPage(service.urls.sandbox);
    const origins = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, {
      allowed_origins: [host.origin],
    });
    expect(origins.status).toBe(200);
    market = await createMarket(service, tenant, { ...window_, title: 'Will the browser test pass?' });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await service?.stop();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    page = await context.newPage();
    csp = cspErrors(page);
    await page.goto(host.origin);
  });
  // The host page's policy is strict (browser.ts): whatever a test did, the widget needed nothing it refuses.
  afterEach(() => {
    expect(csp, 'Content-Security-Policy refusals on the host page').toEqual([]);
  });

  const mountAs = async (token: string, options: Record<string, unknown> = {}) =>
    page.evaluate(([t, o]) => (window as any).mountWidget({ sessionToken: t, ...o }), [token, options] as const);
  const newUser = async (amount = '100.00') => {
    const user = await fundedUser(service, tenant.sandboxKey, 'browser', amount);
    return { user, token: await sessionFor(service, tenant.sandboxKey, user) };
  };
  /** A session token signed here with the test service's secret, minted in the past or near its cap. */
  const signedToken = async (user: string, life: { mintedAgoMs: number; capInMs: number }) => {
    const now = Date.now();
    const claims = {
      tenantId: tenant.tenantId,
      environment: 'sandbox' as const,
      externalUserId: user,
      capAt: new Date(now + life.capInMs),
    };
    return (await signSessionToken(WIDGET_SECRET, claims, new Date(now - life.mintedAgoMs))).token;
  };
  const balanceOf = async (user: string) =>
    (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey })).json.balance;

  it('mounts in a Shadow DOM under the target and shows the markets and the balance', async () => {
    const { token } = await newUser('123.45');
    expect(await mountAs(token)).toBe(true);
    await expect.poll(() => page.getByText('Will the browser test pass?').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.balance').textContent()).toBe('123.45');
    const structure = await page.evaluate(() => {
      const target = document.getElementById('target')!;
      const host = target.firstElementChild!;
      return { children: target.children.length, shadow: host.shadowRoot !== null, light: host.children.length };
    });
    expect(structure).toEqual({ children: 1, shadow: true, light: 0 });
  });

  it("runs under the host page's strict Content-Security-Policy: styles and theme without style-src", async () => {
    const { token } = await newUser();
    expect(await mountAs(token, { theme: { accent: '#123456' } })).toBe(true);
    await expect.poll(() => page.getByText('Will the browser test pass?').count()).toBeGreaterThan(0);
    const applied = await page.evaluate(() => {
      const root = document.querySelector('[data-prediction-market-widget]')!.shadowRoot!;
      const container = root.lastElementChild as HTMLElement;
      return {
        sheets: root.adoptedStyleSheets.length,
        styleElements: root.querySelectorAll('style').length,
        accent: getComputedStyle(container).getPropertyValue('--pm-accent').trim(),
        // A rule of the widget's sheet took effect (the Shadow DOM's own box model).
        sized: getComputedStyle(root.querySelector('.app')!).boxSizing,
      };
    });
    // One constructed sheet for the first view, and one more once the views chunk has arrived (it loads
    // right after the first data): never a style element.
    expect(applied).toMatchObject({ styleElements: 0, accent: '#123456', sized: 'border-box' });
    expect([1, 2]).toContain(applied.sheets);
    // The policy is enforced: the same page refuses an inline style element of its own.
    await page.evaluate(() =>
      document.head.append(Object.assign(document.createElement('style'), { textContent: 'h1{}' })),
    );
    await expect.poll(() => csp.length).toBe(1);
    csp.length = 0;
  });

  it('refuses an API key, a malformed option and an unknown theme token: an Error, a console reason, nothing rendered', async () => {
    const { token } = await newUser();
    const messages: string[] = [];
    page.on('console', (m) => m.type() === 'error' && messages.push(m.text()));
    for (const [sessionToken, options, reason] of [
      [tenant.sandboxKey, {}, /API key/],
      [token, { apiBaseUrl: `${service.urls.sandbox}/v1` }, /apiBaseUrl/],
      [token, { theme: { glow: '#fff' } }, /glow/],
      [token, { theme: { accent: 'url(x)' } }, /accent/],
      [token, { locale: 'not a locale' }, /locale/],
    ] as const) {
      expect(await mountAs(sessionToken, options)).toBe(false);
      expect(await page.evaluate(() => (window as any).mountError)).toMatch(reason);
      expect(await page.evaluate(() => document.getElementById('target')!.children.length)).toBe(0);
    }
    expect(messages).toHaveLength(5);
  });

  it('unmounts completely: nothing left, no request afterwards, a second call does nothing', async () => {
    const { token } = await newUser();
    await mountAs(token);
    await expect.poll(() => page.getByText('Will the browser test pass?').count()).toBeGreaterThan(0);
    await page.evaluate(() => (window as any).handle.unmount());
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => document.getElementById('target')!.innerHTML)).toBe('');
    expect(await page.evaluate(() => (window as any).handle.unmount())).toBeUndefined();
    expect(requests).toEqual([]);
  });

  it('trades from the ticket to the portfolio, and closes with a quote', async () => {
    const { user, token } = await newUser('100.00');
    const clock = await installClock(page);
    await mountAs(token);
    await page.getByRole('button', { name: /^Will the browser test pass\?/ }).click();
    await page.getByLabel('Amount').fill('12.5');
    await expect.poll(() => page.locator('.facts dd').first().textContent()).toBe('12.50');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect.poll(() => page.getByText(/^Bought [\d.]+ shares of Yes for 12\.50\./).count()).toBe(1);
    await expect.poll(() => balanceOf(user)).toBe('87.50');
    await expect.poll(() => page.locator('.balance').textContent()).toBe('87.50');

    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    await expect.poll(() => page.getByText(/^Cashing out now pays/).count()).toBe(1);
    await page.getByRole('button', { name: /^Cash out for/ }).click();
    const note = page.locator('.portfolio .note.ok', { hasText: /^Cashed out for \d+\.\d\d.* Your balance is now/ });
    await expect.poll(() => note.count()).toBe(1);
    await expectClosedNoteThenEnded(clock, note, page.locator('.badge.closed'));
    const positions = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}`, {
      key: tenant.sandboxKey,
    });
    expect(positions.json.data.map((p: any) => p.state)).toEqual(['closed']);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('never buys twice: an answer lost after the open committed is replayed with the same key and body', async () => {
    const { user, token } = await newUser('100.00');
    const sent: { key: string | null; body: string | null }[] = [];
    await page.route('**/v1/positions', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      sent.push({ key: request.headers()['idempotency-key'] ?? null, body: request.postData() });
      if (sent.length > 1) return route.continue();
      await route.fetch(); // the service opens the position...
      await route.abort('connectionreset'); // ...and the answer never reaches the widget
    });
    await mountAs(token);
    await page.getByRole('button', { name: /^Will the browser test pass\?/ }).click();
    await page.getByLabel('Amount').fill('10');
    await expect.poll(() => page.locator('.facts dd').first().textContent()).toBe('10.00');
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    // The client replays the lost answer's request after a second's wait.
    await expect
      .poll(() => page.getByText(/^Bought [\d.]+ shares of Yes for 10\.00\./).count(), { timeout: 6_000 })
      .toBe(1);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
    const positions = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}`, {
      key: tenant.sandboxKey,
    });
    expect(positions.json.data).toHaveLength(1);
    expect(await balanceOf(user)).toBe('90.00');
  });

  it('meets price_moved with its own message and a re-quote, then trades at the new price', async () => {
    const { user, token } = await newUser('100.00');
    const whale = await newUser('10000.00');
    // The stream is cut, so the ticket keeps the price it showed while another user moves it.
    await page.route('**/v1/widget/stream**', (route) => route.abort());
    await mountAs(token);
    await page.getByRole('button', { name: /^Will the browser test pass\?/ }).click();
    await page.getByLabel('Accept price up to').selectOption('0.01');
    await expect.poll(() => page.getByText(/^Highest average price you accept/).count()).toBe(1);
    const moved = await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey(),
      body: {
        external_user_id: whale.user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '40.00',
        max_price: '1',
      },
    });
    expect(moved.status).toBe(201);
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect.poll(() => page.getByText(/The price moved past your limit/).count()).toBe(1);
    expect(await balanceOf(user)).toBe('100.00');
    // The ticket reads the prices and asks a new quote on its own; Buy comes back with it.
    await page.getByRole('button', { name: /^Buy Yes · to win/ }).click();
    await expect.poll(() => page.getByText(/^Bought [\d.]+ shares of Yes/).count()).toBe(1);
    expect(await balanceOf(user)).toBe('90.00');
  });

  const listedPrice = () =>
    page.locator('.card.market', { hasText: 'Will the browser test pass?' }).locator('.chance strong').textContent();
  const moveThePrice = async (stake: string) => {
    const whale = await newUser('10000.00');
    const res = await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey(),
      body: {
        external_user_id: whale.user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake,
        max_price: '1',
      },
    });
    expect(res.status, res.text).toBe(201);
  };

  it('moves prices live from the stream when someone else trades', async () => {
    const { token } = await newUser();
    const stream = page.waitForResponse((r) => r.url().includes('/v1/widget/stream'));
    await mountAs(token);
    expect((await stream).status()).toBe(200);
    const before = await listedPrice();
    await moveThePrice('30.00');
    // No poll runs while the stream is up: only the stream can bring the new price this fast.
    await expect.poll(listedPrice, { timeout: 3_000 }).not.toBe(before);
    expect(await page.locator('[data-state="realtime_unavailable"]').count()).toBe(0);
  });

  it('shows realtime_unavailable when the stream cannot connect, and polls meanwhile', async () => {
    const { token } = await newUser();
    const clock = await installClock(page);
    await page.route('**/v1/widget/stream**', (route) => route.abort());
    await mountAs(token);
    await page.getByText('Will the browser test pass?').first().waitFor();
    // The stream's three backoffs (0.5, 2 and 5 s) and the 5 s poll pass on the page's clock.
    const unavailable = () => page.locator('[data-state="realtime_unavailable"]').count();
    await expect.poll(clock.stepping(unavailable), { timeout: 15_000 }).toBe(1);
    const before = await listedPrice();
    await moveThePrice('30.00');
    await expect.poll(clock.stepping(listedPrice), { timeout: 8_000 }).not.toBe(before);
  });

  it('refreshes a token with 5 minutes or less left, and keeps working', async () => {
    const { user } = await newUser();
    // Signed as if minted 11 minutes ago: 4 minutes of life left, so the widget refreshes at once.
    const token = await signedToken(user, { mintedAgoMs: 11 * 60_000, capInMs: 3_600_000 });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/v1/widget/sessions/refresh'));
    await mountAs(token);
    expect((await refreshed).status()).toBe(200);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect.poll(() => page.getByLabel('Display name').count()).toBe(1);
    expect(await page.evaluate(() => (window as any).expiredCalls)).toBe(0);
  });

  it('enters the expired state and calls onSessionExpired once when the session cannot be refreshed', async () => {
    const { user } = await newUser();
    // Past its 24-hour cap in 2 seconds: the refresh is 401 and the host must mint a new session.
    const token = await signedToken(user, { mintedAgoMs: 0, capInMs: 2_000 });
    await mountAs(token);
    await expect
      .poll(() => page.getByText('Your session has ended. Reload to keep trading.').count(), { timeout: 15_000 })
      .toBe(1);
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as any).expiredCalls)).toBe(1);
  });

  it('takes the phone layout at 400 px, with 16 px fields and 44 px targets whatever the theme says', async () => {
    const { token } = await newUser();
    await page.setViewportSize({ width: 400, height: 800 });
    await mountAs(token, { theme: { 'font-size': '12px', spacing: '0' } });
    await page.getByRole('button', { name: /^Will the browser test pass\?/ }).click();
    const stake = page.getByLabel('Amount');
    expect(await stake.evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');
    for (const button of await page.getByRole('button').all()) {
      const box = await button.boundingBox();
      if (box) expect(box.height, (await button.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    }
    await page.getByRole('button', { name: 'All markets' }).click();
    const columns = await page
      .locator('ul.cards')
      .first()
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns);
    expect(columns.split(' ')).toHaveLength(1);
  });

  it('lays out right to left in Arabic, with its text loaded on demand', async () => {
    await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, {
      widget: { locales: ['en', 'ar', 'he'], default_locale: 'en' },
    });
    const { token } = await newUser();
    const locale = page.waitForResponse((r) => r.url().endsWith('/widget/v1/locales/ar.js'));
    await mountAs(token, { locale: 'ar' });
    expect((await locale).status()).toBe(200);
    await expect.poll(() => page.getByRole('tab', { name: 'الأسواق' }).count()).toBe(1);
    expect(await page.locator('.app').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('.app').getAttribute('lang')).toBe('ar');
  });

  it('shows English when the locale is not enabled for the tenant, or its file fails to load', async () => {
    const { token } = await newUser();
    await page.route('**/locales/he.js', (route) => route.abort());
    await mountAs(token, { locale: 'he' });
    await expect.poll(() => page.getByRole('tab', { name: 'Markets' }).count()).toBe(1);
    expect(await page.locator('.app').getAttribute('dir')).toBe('ltr');
  });

  it('reports an uncaught widget error through the error beacon, and the host page carries on', async () => {
    const { user, token } = await newUser();
    await page.route('**/v1/markets?**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ data: [{ slug: 'x', outcomes: null }], next_cursor: null }),
      }),
    );
    const beacon = page.waitForRequest((r) => r.url().endsWith('/v1/widget/error-reports'));
    await mountAs(token);
    expect((await beacon).postDataJSON()).toMatchObject({ code: 'widget_runtime_error', widget_version: '1.0.0' });
    await expect.poll(() => page.getByText('Something went wrong. Reload the page.').count()).toBe(1);
    expect(await page.evaluate(() => document.querySelector('h1')!.textContent)).toBe('Operator page');
    const reports = await service.platform('GET', `/platform/v1/widget-error-reports?tenant_id=${tenant.tenantId}`);
    await expect
      .poll(async () =>
        (
          await service.platform('GET', `/platform/v1/widget-error-reports?tenant_id=${tenant.tenantId}`)
        ).json.data.some((r: any) => r.external_user_id === user),
      )
      .toBe(true);
    expect(reports.status).toBe(200);
  });

  it('has no serious or critical axe finding, light or dark, on every tab', async () => {
    const { token } = await newUser();
    for (const scheme of ['light', 'dark']) {
      await page.goto(host.origin);
      await mountAs(token, { scheme });
      await expect.poll(() => page.getByText('Will the browser test pass?').count()).toBeGreaterThan(0);
      for (const tab of ['Markets', 'Portfolio', 'Leaders', 'Profile']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForTimeout(300);
        expect(await seriousAxeFindings(page), `${scheme} ${tab}`).toEqual([]);
      }
      await page.getByRole('tab', { name: 'Markets' }).click();
      await page.getByRole('button', { name: /^Will the browser test pass\?/ }).click();
      await expect.poll(() => page.getByText(/^Highest average price you accept/).count()).toBe(1);
      expect(await seriousAxeFindings(page), `${scheme} market`).toEqual([]);
    }
  });
});
