import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  axeOnEveryPage,
  cspErrors,
  hasChromium,
  launchChromium,
  onDeskLightAndPhoneDark,
  seriousAxeFindings,
} from './browser.js';
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
 * platform team does with it. Skipped where no Chromium is installed (.ci/run installs it). With
 * UPDATE_SCREENSHOTS=1 it also writes docs/screenshots/panel-tenant-dark-390.png and panel-audit-dark-1280.png.
 */
const SHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let market: TestMarket;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let csp: string[];
const LONG_SUBJECT =
  'Settlement webhooks for the final arrived twice for some users and once for others, and the balances no longer match';

describe.skipIf(!hasChromium)('the platform panel in Chromium', () => {
  beforeAll(async () => {
    service = await startTestService({ clock });
    tenant = await createTenant(service);
    market = await createMarket(service, tenant, { title: 'Will the panel settle it?' });
    browser = await launchChromium();
    context = await browser.newContext();
    await axeOnEveryPage(context);
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

    // Straight to the market's page: the list shows the newest 200 by creation time, and this service's
    // clock is in the past of markets other test files create in the shared database.
    await page.goto(`${service.urls.platform}/panel/markets/${market.slug}`);
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

  it('pages the ticket queue of one tenant as a table, and answers a ticket on its own page', async () => {
    const open = async (t: TestTenant, subject: string, body = `About ${subject}`) => {
      const res = await service.api('sandbox', 'POST', '/v1/support-tickets', {
        key: t.sandboxKey,
        idempotencyKey: uniqueKey('ticket'),
        body: { subject, body },
      });
      expect(res.status, res.text).toBe(201);
      return res.json.id as string;
    };
    const noisy = await createTenant(service);
    const quiet = await createTenant(service);
    await open(quiet, 'A quiet question');
    for (let i = 1; i <= 25; i++) await open(noisy, `Flood ${String(i).padStart(2, '0')}`);
    await open(noisy, LONG_SUBJECT, 'First line\n\n<b>Second</b> line');
    const nameOf = async (t: TestTenant) =>
      (await service.platform('GET', `/platform/v1/tenants/${t.tenantId}`)).json.name as string;
    const subjects = page.locator('tbody td.lead a');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${service.urls.platform}/panel/tickets`);
    await page.getByLabel('Tenant').selectOption({ label: `${await nameOf(noisy)} (26)` });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL(new RegExp(`tenant=${noisy.tenantId}`));
    expect(await subjects.count()).toBe(25);
    expect(await subjects.first().textContent()).toBe('Flood 01');
    expect(await page.locator('textarea').count()).toBe(0);
    const firstRow = await page.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(firstRow.slice(1, 4)).toEqual([await nameOf(noisy), 'sandbox', 'Open']);
    expect(firstRow[6]).toBe('1');

    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/cursor=/);
    const listUrl = page.url();
    const url = new URL(listUrl);
    expect([url.searchParams.get('status'), url.searchParams.get('tenant')]).toEqual(['open', noisy.tenantId]);
    expect(await subjects.allTextContents()).toEqual([LONG_SUBJECT]);
    expect(await page.getByLabel('Tenant').inputValue()).toBe(noisy.tenantId);

    // The ticket on its own page: the whole subject, the body as text with its line breaks.
    await subjects.first().click();
    await page.waitForURL(/\/panel\/tickets\/[0-9a-f-]{36}\?/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LONG_SUBJECT);
    expect(await page.locator('p.text').first().innerText()).toBe('First line\n\n<b>Second</b> line');
    const ticketUrl = page.url();

    // A reply comes back to the ticket, answered; "Back to the list" returns to the page it was opened from.
    await page.getByRole('textbox', { name: /Your reply/ }).fill('Looking into it.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.waitForURL(ticketUrl);
    expect(await page.getByRole('status').textContent()).toContain(`Reply sent on “${LONG_SUBJECT}”.`);
    expect(await page.locator('p.text').last().textContent()).toBe('Looking into it.');
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.waitForURL(listUrl);
    expect(await subjects.count()).toBe(0);
    expect(await page.getByText('No tickets here.').count()).toBe(1);

    await page.getByLabel('Tenant').selectOption({ label: `${await nameOf(quiet)} (1)` });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL(new RegExp(`tenant=${quiet.tenantId}`));
    expect(await subjects.allTextContents()).toEqual(['A quiet question']);

    // On a 375 px phone: the list clips a long subject with an ellipsis (its page shows it whole), the table
    // scrolls inside its region, nothing else is wider than the screen, and the reply form is usable.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${service.urls.platform}/panel/tickets?status=answered&tenant=${noisy.tenantId}`);
    const clipped = subjects.first();
    expect(await clipped.textContent()).toBe(LONG_SUBJECT);
    expect(await clipped.evaluate((a) => a.scrollHeight > a.clientHeight + 1)).toBe(true);
    expect(await clipped.evaluate((a) => getComputedStyle(a).textOverflow)).toBe('ellipsis');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await clipped.click();
    await page.waitForURL(/\/panel\/tickets\/[0-9a-f-]{36}\?/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    for (const name of ['Send reply', 'Close ticket'])
      expect((await page.getByRole('button', { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.getByRole('textbox', { name: /Your reply/ }).evaluate((t) => getComputedStyle(t).fontSize)).toBe(
      '16px',
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close ticket' }).click();
    await page.waitForURL(/status=answered/);
    expect(await page.getByRole('status').textContent()).toContain('is closed.');
    expect(await page.getByText('This ticket is closed: it takes no more replies.').count()).toBe(1);
  });

  it('has no serious or critical axe finding on any screen, on a desk in light and on a phone in dark', async () => {
    const open = await createMarket(service, tenant, { title: 'An open market' });
    const ticket = await service.api('sandbox', 'POST', '/v1/support-tickets', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('ticket'),
      body: { subject: 'Checked by axe', body: 'A message\nover two lines', request_id: 'req_axe' },
    });
    const refused = await service.api('sandbox', 'PUT', '/v1/users/axe-user', {
      key: tenant.sandboxKey,
      body: { status: 'nope' },
    });
    await service.deps.requestLog.flush();
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
      `/panel/tickets/${ticket.json.id}`,
      '/panel/widget-errors',
      '/panel/audit',
      '/panel/kill-switches',
      '/panel/requests',
      '/panel/requests?status=4xx&environment=prod',
      `/panel/requests/${refused.json.request_id}`,
    ];
    await onDeskLightAndPhoneDark(page, async (width, colorScheme) => {
      for (const path of screens) {
        await page.goto(`${service.urls.platform}${path}`);
        expect(await seriousAxeFindings(page), `${path} at ${width} px, ${colorScheme}`).toEqual([]);
      }
      if (colorScheme === 'dark' && process.env.UPDATE_SCREENSHOTS) {
        await page.goto(`${service.urls.platform}/panel/tenants/${tenant.tenantId}`);
        await page.screenshot({ path: `${SHOTS}panel-tenant-dark-390.png` });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`${service.urls.platform}/panel/audit`);
        await page.screenshot({ path: `${SHOTS}panel-audit-dark-1280.png` });
      }
    });
    // The sign-in page, signed out.
    const fresh = await browser.newPage();
    await fresh.goto(`${service.urls.platform}/panel/sign-in`);
    expect(await seriousAxeFindings(fresh)).toEqual([]);
    await fresh.close();
    // 25 axe runs over pages that grow with what the suite made before this file: 12 s on a quiet machine,
    // past the default 30 s on a loaded one, where the timeout then broke the next test's navigation too.
  }, 120_000);

  it('fits a phone: nothing wider than the screen but the tables, which scroll', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    const open = await createMarket(service, tenant, { title: 'On a phone' });
    for (const path of [
      '/panel',
      `/panel/markets/${open.slug}`,
      `/panel/markets/${open.slug}/settle?change=void`,
      '/panel/requests',
      '/panel/kill-switches',
    ]) {
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
