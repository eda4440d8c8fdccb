import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { cspErrors, hasChromium, launchChromium, seriousAxeFindings } from './browser.js';
import {
  ADMIN_TOKEN,
  createTenant,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, operatorOpen, type TestMarket } from './trading-helpers.js';

/**
 * The platform panel in real Chromium (Debian's package) against the real service: what a person on the
 * platform team does with it. Skipped where no Chromium is installed (.ci/run installs it).
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let market: TestMarket;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let csp: string[];

describe.skipIf(!hasChromium)('the platform panel in Chromium', () => {
  beforeAll(async () => {
    service = await startTestService({ clock });
    tenant = await createTenant(service);
    market = await createMarket(service, tenant, { title: 'Will the panel settle it?' });
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
    csp = cspErrors(page);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  // The pages' policy allows their one style sheet and forms to the panel, nothing else: no screen may need more.
  afterEach(() => {
    expect(csp, 'Content-Security-Policy refusals in the panel').toEqual([]);
  });

  const signIn = async (name = 'Ada') => {
    await page.goto(`${service.urls.platform}/panel/markets`);
    await expect.poll(() => page.url()).toContain('/panel/sign-in');
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Platform admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/panel\/markets$/);
  };

  it('signs in with the admin token and lands on the page first asked for', async () => {
    await signIn();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Markets');
    // Styled by its sheet (allowed by hash), and the policy is enforced: a script of its own is refused.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 245, 247)');
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('script'), { textContent: '1' })),
    );
    await expect.poll(() => csp.length).toBe(1);
    csp.length = 0;
    const cookie = (await context.cookies()).find((c) => c.name === 'pm_panel')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/panel' });
  });

  it('resolves a market through the preview, and the positions settle', async () => {
    const winner = await fundedUser(service, tenant.sandboxKey, 'browser-winner');
    const loser = await fundedUser(service, tenant.sandboxKey, 'browser-loser');
    await operatorOpen(service, tenant.sandboxKey, market, winner, '10.00', 0);
    await operatorOpen(service, tenant.sandboxKey, market, loser, '4.00', 1);

    await page.goto(`${service.urls.platform}/panel/markets`);
    await page.getByRole('link', { name: 'Will the panel settle it?' }).click();
    await page.getByLabel('Change').selectOption({ label: 'Resolve to “Yes”' });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForURL(/\/settle\?/);
    expect(await page.getByTestId('positions').textContent()).toBe('2');
    const paid = (await page.getByTestId('paid').textContent())!;
    // Nothing has happened yet.
    const before = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${winner}`, {
      key: tenant.sandboxKey,
    });
    expect(before.json.data[0].state).toBe('open');

    await page.getByRole('button', { name: /^Confirm: Resolve to/ }).click();
    await page.waitForURL(new RegExp(`/panel/markets/${market.slug}$`));
    expect(await page.getByRole('status').textContent()).toContain('is resolved: 2 positions moved.');
    const won = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${winner}`, {
      key: tenant.sandboxKey,
    });
    expect(won.json.data[0]).toMatchObject({ state: 'settled_win', payout: paid });
    const lost = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${loser}`, {
      key: tenant.sandboxKey,
    });
    expect(lost.json.data[0].state).toBe('settled_loss');
    await expectLedgerInvariant(service.db, tenant.tenantId);

    await page.getByRole('link', { name: 'Audit log' }).click();
    // The audit log is the platform's, shared by every test of the run: this market's row.
    const row = page.getByRole('row').filter({ hasText: market.slug });
    expect(await row.getByRole('cell', { name: 'market.resolve', exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'panel:Ada', exact: true }).count()).toBe(1);
  });

  it("refuses a post that does not carry the session's CSRF token, though the browser sends the cookie", async () => {
    const res = await page.request.post(`${service.urls.platform}/panel/kill-switches/sync`, {
      form: { paused: 'true' },
    });
    expect(res.status()).toBe(403);
    const switches = await service.platform('GET', '/platform/v1/kill-switches');
    expect(switches.json.data.find((s: any) => s.name === 'sync').paused).toBe(false);
  });

  it('rotates a key end to end: the new key is shown once, the old one works until the confirm, then 401', async () => {
    const issued = await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/api-keys`, {
      environment: 'sandbox',
      scopes: ['read:markets'],
    });
    const oldKey = issued.json.api_key as string;
    await page.goto(`${service.urls.platform}/panel/tenants/${tenant.tenantId}`);
    const row = page.getByRole('row').filter({ hasText: issued.json.api_key.slice(0, 16) });
    await row.getByRole('button', { name: 'Rotate' }).click();
    const newKey = (await page.getByLabel('API key').textContent())!.trim();
    expect(newKey).toMatch(/^pmk_sandbox_/);
    for (const key of [oldKey, newKey])
      expect((await service.api('sandbox', 'GET', '/v1/markets', { key })).status).toBe(200);

    await page.getByRole('link', { name: 'Back to the tenant' }).click();
    expect(await page.content()).not.toContain(newKey);
    await page.getByRole('button', { name: 'Confirm rotation' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Rotation confirmed');
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: oldKey })).status).toBe(401);
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: newKey })).status).toBe(200);
  });

  it('pages the ticket queue of one tenant: the filter and "Next page" keep each other', async () => {
    const open = async (t: TestTenant, subject: string) =>
      expect(
        (
          await service.api('sandbox', 'POST', '/v1/support-tickets', {
            key: t.sandboxKey,
            idempotencyKey: uniqueKey('ticket'),
            body: { subject, body: `About ${subject}` },
          })
        ).status,
      ).toBe(201);
    const noisy = await createTenant(service);
    const quiet = await createTenant(service);
    await open(quiet, 'A quiet question');
    for (let i = 1; i <= 26; i++) await open(noisy, `Flood ${String(i).padStart(2, '0')}`);
    const nameOf = async (t: TestTenant) =>
      (await service.platform('GET', `/platform/v1/tenants/${t.tenantId}`)).json.name as string;
    const tickets = page.getByRole('heading', { level: 3 });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${service.urls.platform}/panel/tickets`);
    await page.getByLabel('Tenant').selectOption({ label: `${await nameOf(noisy)} (26)` });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL(new RegExp(`tenant=${noisy.tenantId}`));
    expect(await tickets.count()).toBe(25);
    expect(await tickets.first().textContent()).toBe('Flood 01 (open)');

    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/cursor=/);
    const url = new URL(page.url());
    expect([url.searchParams.get('status'), url.searchParams.get('tenant')]).toEqual(['open', noisy.tenantId]);
    expect(await tickets.allTextContents()).toEqual(['Flood 26 (open)']);
    expect(await page.getByLabel('Tenant').inputValue()).toBe(noisy.tenantId);

    // A reply on the second page comes back to it: answered, the ticket leaves the open queue.
    await page.getByRole('textbox', { name: 'Reply' }).fill('Looking into it.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.waitForURL((u) => u.searchParams.get('cursor') === url.searchParams.get('cursor'));
    expect(await page.getByRole('status').textContent()).toContain('Reply sent on “Flood 26”.');
    expect(await tickets.count()).toBe(0);

    await page.getByLabel('Tenant').selectOption({ label: `${await nameOf(quiet)} (1)` });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL(new RegExp(`tenant=${quiet.tenantId}`));
    expect(await tickets.allTextContents()).toEqual(['A quiet question (open)']);
  });

  it('has no serious or critical axe finding on any screen, on a desk and on a phone', async () => {
    const open = await createMarket(service, tenant, { title: 'An open market' });
    const screens = [
      '/panel',
      '/panel/tenants',
      `/panel/tenants/${tenant.tenantId}`,
      '/panel/markets',
      `/panel/markets/${open.slug}`,
      `/panel/markets/${open.slug}/settle?change=void`,
      '/panel/dead-letters',
      '/panel/reconciliation',
      '/panel/tickets',
      '/panel/widget-errors',
      '/panel/audit',
    ];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of screens) {
        await page.goto(`${service.urls.platform}${path}`);
        expect(await seriousAxeFindings(page), `${path} at ${width} px`).toEqual([]);
      }
    }
    // The sign-in page, signed out.
    const fresh = await browser.newPage();
    await fresh.goto(`${service.urls.platform}/panel/sign-in`);
    expect(await seriousAxeFindings(fresh)).toEqual([]);
    await fresh.close();
  });

  it('fits a phone: nothing wider than the screen but the tables, which scroll', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    const open = await createMarket(service, tenant, { title: 'On a phone' });
    for (const path of ['/panel', `/panel/markets/${open.slug}`, `/panel/markets/${open.slug}/settle?change=void`]) {
      await page.goto(`${service.urls.platform}${path}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto(`${service.urls.platform}/panel/markets/${open.slug}`);
    const button = page.getByRole('button', { name: 'Preview' });
    if (await button.count()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });

  it('signs out: the pages send the browser back to the sign-in', async () => {
    await page.goto(`${service.urls.platform}/panel`);
    await page.getByRole('button', { name: /^Sign out/ }).click();
    await page.waitForURL(/\/panel\/sign-in$/);
    await page.goto(`${service.urls.platform}/panel/audit`);
    await expect.poll(() => page.url()).toContain('/panel/sign-in');
  });
});
