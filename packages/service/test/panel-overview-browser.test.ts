import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import { SCOPES } from '../src/domains/api-keys/model/scopes.js';
import type { Environment } from '../src/db/schema.js';
import { FakeClock } from '../src/lib/clock.js';
import { cspErrors, hasChromium, launchChromium, seriousAxeFindings } from './browser.js';
import { ADMIN_TOKEN, startTestService, uniqueKey, type TestService } from './helpers.js';
import { createMarket } from './trading-helpers.js';

/**
 * The overview and a tenant's pause in real Chromium, at 375 and 1280 px: axe clean, no sideways scroll,
 * and, with UPDATE_SCREENSHOTS=1, docs/screenshots/panel-overview-{1280,375}.png and
 * panel-tenant-pause-375.png. A kill switch is paused here, so the file has a database of its own.
 */
const SHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const MINUTE = 60_000;
let database: ScratchDatabase;
let service: TestService;
let browser: Browser;
let page: Page;
let csp: string[];
const tenants: Record<string, string> = {};

async function tenant(name: string): Promise<{ id: string; liveKey: string }> {
  const res = await service.platform('POST', '/platform/v1/tenants', { name });
  tenants[name] = res.json.id;
  for (const environment of ['sandbox', 'live']) {
    await service.platform('PUT', `/platform/v1/tenants/${res.json.id}/environments/${environment}`, {
      webhook_url: 'http://127.0.0.1:9/hook',
    });
  }
  const key = await service.platform('POST', `/platform/v1/tenants/${res.json.id}/api-keys`, {
    environment: 'live',
    scopes: SCOPES,
  });
  return { id: res.json.id, liveKey: key.json.api_key };
}

async function deliveries(tenantId: string, environment: Environment, n: number, ago: number, dead: boolean) {
  const at = new Date(clock.now().getTime() - ago);
  const { rows } = await sql<{ id: string }>`
    insert into events (id, tenant_id, environment, type, occurred_at, data)
    select gen_random_uuid(), ${tenantId}::uuid, ${environment}, 'position.opened', ${at}, '{}'::jsonb
    from generate_series(1, ${n}) returning id`.execute(service.db);
  await sql`
    update webhook_deliveries set created_at = ${at}, state = ${dead ? 'dead' : 'pending'},
      next_attempt_at = ${dead ? null : at}, finished_at = ${dead ? at : null}
    where event_id = any(${rows.map((r) => r.id)}::uuid[])`.execute(service.db);
}

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!hasChromium)('the overview in Chromium', () => {
  beforeAll(async () => {
    if (process.env.UPDATE_SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
    database = await createDatabaseOn(inject('databaseUrl'), `pm_overview_browser_${process.pid}_${Date.now()}`);
    service = await startTestService({ clock, env: { DATABASE_URL: database.url, ALLOW_INSECURE_WEBHOOKS: '1' } });
    const stormy = await tenant('Stormy Odds Ltd');
    const calm = await tenant('Calm Harbour Sportsbook');
    await tenant('Northern Lights Gaming');
    const markets = await service.platform('POST', '/platform/v1/tenants', { name: 'Markets owner' });
    await createMarket(
      service,
      { tenantId: markets.json.id, sandboxKey: '', liveKey: '' },
      {
        title: 'Will the final go to extra time?',
        closes_at: new Date(clock.now().getTime() + MINUTE).toISOString(),
      },
    );
    clock.advance(95 * MINUTE);
    await deliveries(stormy.id, 'live', 14, 12 * MINUTE, true);
    await deliveries(stormy.id, 'live', 230, 4 * MINUTE, false);
    await deliveries(calm.id, 'sandbox', 2, 40 * MINUTE, true);
    await service.api('live', 'POST', '/v1/support-tickets', {
      key: stormy.liveKey,
      idempotencyKey: uniqueKey('ticket'),
      body: { subject: 'Webhooks stopped arriving', body: 'Since 11:00.' },
    });
    for (let i = 0; i < 3; i++) {
      await service.api('live', 'PUT', '/v1/users/u-1', { key: stormy.liveKey, body: { status: 'nope' } });
    }
    await service.api('live', 'GET', '/v1/markets/no-such-market', { key: calm.liveKey });
    await service.deps.errorAnswers.flush();
    await service.platform('PUT', `/platform/v1/tenants/${calm.id}/pauses/positions`, {
      paused: true,
      reason: 'Unusual stake pattern on the derby; checking with their risk team',
    });
    await service.platform('PUT', '/platform/v1/kill-switches/widget', {
      paused: true,
      reason: 'Widget bundle on the CDN is broken (incident 118)',
    });

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
    await database?.drop();
  });

  for (const width of [1280, 375]) {
    it(`shows the overview at ${width} px without sideways scroll, axe clean`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.platform}/panel`);
      const live = page.getByRole('region', { name: 'Live dead letters by tenant' });
      await expect
        .poll(() => live.getByRole('link', { name: '14' }).getAttribute('href'))
        .toBe(`/panel/dead-letters?tenant=${tenants['Stormy Odds Ltd']}&environment=live`);
      expect(await page.getByRole('link', { name: 'Kill switch paused for every tenant: widget' }).count()).toBe(1);
      expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (process.env.UPDATE_SCREENSHOTS) {
        await page.screenshot({ path: `${SHOTS}panel-overview-${width}.png`, fullPage: true });
      }
      expect(csp).toEqual([]);
    });
  }

  it('pauses one tenant at 375 px: a reason, the effect stated, then the pause', async () => {
    await page.setViewportSize({ width: 375, height: 900 });
    const id = tenants['Northern Lights Gaming']!;
    await page.goto(`${service.urls.platform}/panel/tenants/${id}`);
    const form = page.getByRole('form', { name: 'Pause sync…' });
    await form.getByLabel('Reason (required)').fill('Their balance syncs double-credit users (ticket 2231)');
    await form.getByRole('button', { name: 'Pause sync…' }).click();
    await page.waitForURL(/\/pauses\/sync\/review$/);
    expect(await page.getByText('Northern Lights Gaming cannot sync balances').count()).toBe(1);
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    if (process.env.UPDATE_SCREENSHOTS) {
      await page.screenshot({ path: `${SHOTS}panel-tenant-pause-375.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'Pause sync for Northern Lights Gaming' }).click();
    await page.waitForURL(new RegExp(`/panel/tenants/${id}$`));
    expect(await page.getByRole('status').textContent()).toContain('sync is paused for Northern Lights Gaming');
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    const tenant = await service.platform('GET', `/platform/v1/tenants/${id}`);
    expect(tenant.json.pauses.sync).toMatchObject({ paused: true, changed_by: 'panel:Ada' });
    expect(csp).toEqual([]);
  });
});
