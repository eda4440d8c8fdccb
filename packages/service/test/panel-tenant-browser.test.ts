import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/domains/api-keys/model/scopes.js';
import type { Environment } from '../src/db/schema.js';
import { FakeClock } from '../src/lib/clock.js';
import { cspErrors, hasChromium, launchChromium, seriousAxeFindings } from './browser.js';
import { ADMIN_TOKEN, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';
import { reconciliationHelpers } from './reconciliation-helpers.js';
import { createMarket } from './trading-helpers.js';

/**
 * A tenant's page in real Chromium, at 1280 and 375 px (docs/operations.md, "The platform panel"): its
 * health first, the widget settings form (a colour picker and its text following each other, a refused
 * save said beside the field), the Danger zone last; axe clean, no sideways scroll. With
 * UPDATE_SCREENSHOTS=1 it writes docs/screenshots/panel-tenant-{1280,375}.png,
 * panel-tenant-widget-error-375.png and panel-tenant-danger-375.png. A reconciliation run reads every
 * user of the database, so the file has a database of its own.
 */
const SHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const clock = new FakeClock('2026-06-01T14:05:00.000Z');
const MINUTE = 60_000;
let service: TestService;
let tenant: TestTenant;
let browser: Browser;
let page: Page;
let csp: string[];

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const { userWith } = reconciliationHelpers(() => service);

async function open(environment: Environment, key: string, slug: string, outcome: string, stake: string) {
  const user = `player-${uniqueKey()}`;
  await service.api(environment, 'PUT', `/v1/users/${user}`, { key, body: { status: 'active' } });
  await service.api(environment, 'POST', '/v1/balance-sync', {
    key,
    idempotencyKey: uniqueKey('sync'),
    body: { external_user_id: user, direction: 'credit', amount: '500.00' },
  });
  const res = await service.api(environment, 'POST', '/v1/positions', {
    key,
    idempotencyKey: uniqueKey('open'),
    body: { external_user_id: user, market_slug: slug, outcome_id: outcome, stake, max_price: '1' },
  });
  expect(res.status, res.text).toBe(201);
}

async function counted(environment: Environment, hour: string, requests: number, rateLimited: number) {
  await sql`
    insert into request_counts (hour, tenant_id, environment, tier, requests, rate_limited)
    values (${new Date(hour)}, ${tenant.tenantId}::uuid, ${environment}, 'default', ${requests}, ${rateLimited})
    on conflict (tenant_id, environment, hour, tier) do update
      set requests = request_counts.requests + excluded.requests,
          rate_limited = request_counts.rate_limited + excluded.rate_limited`.execute(service.db);
}

async function errors(environment: Environment, minute: string, code: string, count: number) {
  await sql`
    insert into error_answer_counts (minute, environment, tenant_id, code, count)
    values (${new Date(minute)}, ${environment}, ${tenant.tenantId}::uuid, ${code}, ${count})`.execute(service.db);
}

async function deliveries(environment: Environment, n: number, ago: number, dead: boolean) {
  const at = new Date(clock.now().getTime() - ago);
  const { rows } = await sql<{ id: string }>`
    insert into events (id, tenant_id, environment, type, occurred_at, data)
    select gen_random_uuid(), ${tenant.tenantId}::uuid, ${environment}, 'position.opened', ${at}, '{}'::jsonb
    from generate_series(1, ${n}) returning id`.execute(service.db);
  await sql`
    update webhook_deliveries set created_at = ${at}, state = ${dead ? 'dead' : 'pending'},
      next_attempt_at = ${dead ? null : at}, finished_at = ${dead ? at : null}
    where event_id = any(${rows.map((r) => r.id)}::uuid[])`.execute(service.db);
}

describe.skipIf(!hasChromium)("a tenant's page in Chromium", () => {
  beforeAll(async () => {
    if (process.env.UPDATE_SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
    service = await startServiceOnOwnDatabase({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
    const created = await service.platform('POST', '/platform/v1/tenants', { name: 'Stormy Odds Ltd' });
    const keyFor = async (environment: Environment) =>
      (
        await service.platform('POST', `/platform/v1/tenants/${created.json.id}/api-keys`, {
          environment,
          scopes: SCOPES,
        })
      ).json.api_key as string;
    tenant = { tenantId: created.json.id, sandboxKey: await keyFor('sandbox'), liveKey: await keyFor('live') };

    // Live: trades on two markets today, a day's requests with some refused, a discrepancy, a backlog.
    const rain = await createMarket(service, tenant, { title: 'Will it rain in Berlin on Friday?' });
    const derby = await createMarket(service, tenant, { title: 'Derby: a home win?' });
    await open('live', tenant.liveKey, rain.slug, rain.outcomes[0]!.id, '48.50');
    await open('live', tenant.liveKey, rain.slug, rain.outcomes[1]!.id, '25.00');
    await open('live', tenant.liveKey, derby.slug, derby.outcomes[0]!.id, '12.75');
    await open('sandbox', tenant.sandboxKey, rain.slug, rain.outcomes[0]!.id, '5.00');
    await counted('live', '2026-06-01T09:00:00Z', 2_310, 4);
    await counted('live', '2026-06-01T13:00:00Z', 1_840, 0);
    await counted('live', '2026-06-01T14:00:00Z', 412, 9);
    await errors('live', '2026-06-01T13:20:00Z', 'validation_failed', 11);
    await errors('live', '2026-06-01T14:02:00Z', 'rate_limited', 9);
    await errors('live', '2026-06-01T14:03:00Z', 'insufficient_balance', 5);
    await errors('live', '2026-06-01T14:04:00Z', 'validation_failed', 3);
    await userWith(tenant, [{ direction: 'credit', amount: '50.00', resulting_balance: '55.00' }], {
      environment: 'live',
    });
    expect((await service.platform('POST', '/platform/v1/reconciliation/runs')).status).toBe(201);
    await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/live`, {
      webhook_url: 'http://127.0.0.1:9/hook',
      widget: { theme: { accent: '#0a84ff', radius: '12px' }, locales: ['en', 'de'], currency: 'EUR' },
    });
    await deliveries('live', 3, 4 * MINUTE, false);
    await deliveries('live', 2, 40 * MINUTE, true);
    await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/pauses/sync`, {
      paused: true,
      reason: 'Their balance syncs double-credit users (ticket 2231)',
    });
    await Promise.all([service.deps.requestLog.flush(), service.deps.errorAnswers.flush()]);

    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
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
    it(`leads with health and ends with the Danger zone at ${width} px, axe clean, no sideways scroll`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.platform}/panel/tenants/${tenant.tenantId}`);
      const regions = await page
        .locator('main > section')
        .evaluateAll((sections) => sections.map((s) => s.querySelector('h2')?.textContent));
      expect(regions).toEqual([
        'Today',
        'Tenant portal',
        'API keys',
        'Sandbox settings',
        'Live settings',
        'Danger zone',
      ]);
      const live = page.getByRole('group', { name: 'Live' });
      expect(await live.getByText('86.25', { exact: true }).count()).toBe(1);
      expect(await live.getByRole('link', { name: 'Live dead letters: 2' }).getAttribute('href')).toBe(
        `/panel/dead-letters?tenant=${tenant.tenantId}&environment=live`,
      );
      expect(await page.getByRole('group', { name: 'Sandbox' }).getByText('No 429s today').count()).toBe(1);
      expect(await page.locator('main > p.problem').first().textContent()).toContain('Sync paused');
      // Nothing red above the Danger zone.
      const redAbove = await page.evaluate(() => {
        const zone = document.querySelector('section.danger-zone')!;
        return [...document.querySelectorAll('.danger')].filter(
          (el) => !zone.contains(el) && el.compareDocumentPosition(zone) & Node.DOCUMENT_POSITION_FOLLOWING,
        ).length;
      });
      expect(redAbove).toBe(0);
      expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({ path: `${SHOTS}panel-tenant-${width}.png`, fullPage: true });
      }
    });
  }

  it('keeps a colour picker and its text together, saves the form, and says a refused field beside it at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`${service.urls.platform}/panel/tenants/${tenant.tenantId}#widget-live`);
    const form = page.getByRole('form', { name: 'Widget settings of live' });
    const accent = form.getByLabel('Accent (buttons, links)', { exact: true });
    const picker = form.getByLabel('Accent (buttons, links): pick a colour');
    expect(await accent.inputValue()).toBe('#0a84ff');
    expect(await picker.inputValue()).toBe('#0a84ff');
    await picker.fill('#ff6600');
    expect(await accent.inputValue()).toBe('#ff6600');
    await accent.fill('#123456');
    expect(await picker.inputValue()).toBe('#123456');
    await accent.fill('rgb(10, 20, 30)');
    // A text the picker cannot show puts the picker back as it was: the text is what is sent.
    expect(await picker.inputValue()).toBe('#0a84ff');
    await form.getByLabel('Scheme').selectOption('dark');
    await form.getByRole('button', { name: 'Save live widget settings' }).click();
    await page.waitForURL(/#widget-live$/);
    expect(await page.getByRole('status').textContent()).toBe('The live widget settings are saved.');
    const saved = await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    expect(saved.json.environments.find((e: { environment: string }) => e.environment === 'live').widget).toEqual({
      theme: { accent: 'rgb(10, 20, 30)', radius: '12px' },
      scheme: 'dark',
      locales: ['en', 'de'],
      default_locale: 'en',
      currency: 'EUR',
    });

    const again = page.getByRole('form', { name: 'Widget settings of live' });
    await again.getByLabel('Accent (buttons, links)', { exact: true }).fill('not a colour');
    await again.getByLabel('Corner radius').fill('12');
    await again.getByRole('button', { name: 'Save live widget settings' }).click();
    await page.waitForURL(/#widget-live$/);
    const field = page.getByLabel('Accent (buttons, links)', { exact: true }).last();
    expect(await field.inputValue()).toBe('not a colour');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#live-widget-accent-error').textContent()).toMatch(/^Must be a color: #rgb/);
    expect(await page.locator('#live-widget-radius-error').textContent()).toBe('Must be a px or rem length, or 0.');
    expect(await page.getByRole('alert').textContent()).toMatch(/^Nothing was changed\. Accent: /);
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    if (process.env.UPDATE_SCREENSHOTS) {
      // The form and the margin around it, from its heading to its button.
      const [top, bottom] = await page.evaluate(() => {
        const y = (el: Element | null) => el!.getBoundingClientRect().top + window.scrollY;
        const button = document.querySelector('form[aria-label="Widget settings of live"] button[type=submit]')!;
        return [y(document.getElementById('widget-live')) - 12, y(button) + button.clientHeight + 16];
      });
      await page.screenshot({
        path: `${SHOTS}panel-tenant-widget-error-375.png`,
        fullPage: true,
        clip: { x: 0, y: top, width: 375, height: bottom - top },
      });
    }
    const kept = await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    expect(kept.json.environments.find((e: { environment: string }) => e.environment === 'live').widget.theme).toEqual({
      accent: 'rgb(10, 20, 30)',
      radius: '12px',
    });
  });

  it('asks before each destructive action in the Danger zone at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`${service.urls.platform}/panel/tenants/${tenant.tenantId}#danger`);
    const zone = page.getByRole('region', { name: 'Danger zone' });
    expect(await zone.getByRole('button', { name: 'Resume sync' }).count()).toBe(1);
    expect(await zone.getByRole('form', { name: 'Pause positions…' }).count()).toBe(1);
    expect(await zone.getByRole('link', { name: /^Revoke key pmk_/ }).count()).toBe(2);
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    if (process.env.UPDATE_SCREENSHOTS) await zone.screenshot({ path: `${SHOTS}panel-tenant-danger-375.png` });
    await zone.getByRole('link', { name: 'Suspend…' }).click();
    await page.waitForURL(/\/suspend$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Suspend Stormy Odds Ltd?');
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(new RegExp(`/panel/tenants/${tenant.tenantId}$`));
    expect((await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`)).json.status).toBe('active');
  });
});
