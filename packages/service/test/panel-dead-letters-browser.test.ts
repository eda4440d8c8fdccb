import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Environment } from '../src/db/schema.js';
import { FakeClock } from '../src/lib/clock.js';
import { cspErrors, hasChromium, launchChromium, seriousAxeFindings } from './browser.js';
import {
  ADMIN_TOKEN,
  createTenant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, type TestMarket } from './trading-helpers.js';

/**
 * The dead letters and a market's exposure in real Chromium, on a phone and a desk: axe finds nothing
 * serious, nothing scrolls sideways but the tables, the copy and resend controls work. With
 * UPDATE_SCREENSHOTS=1 it also writes docs/screenshots/panel-dead-letters-*.png and
 * panel-market-exposure-*.png.
 */
const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
let service: TestService;
let browser: Browser;
let page: Page;
let csp: string[];
let northwind: TestTenant;
let harbor: TestTenant;
let market: TestMarket;

async function rename(t: TestTenant, name: string) {
  await sql`update tenants set name = ${name} where id = ${t.tenantId}::uuid`.execute(service.db);
}

async function deadLetters(tenantId: string, environment: Environment, type: string, n: number, ago: number) {
  const deadAt = new Date(clock.now().getTime() - ago);
  await service.platform('PUT', `/platform/v1/tenants/${tenantId}/environments/${environment}`, {
    webhook_url: 'http://127.0.0.1:9/hook',
  });
  // Two statements: the trigger that enqueues the deliveries runs at the end of the insert's.
  const { rows } = await sql<{ id: string }>`
    insert into events (id, tenant_id, environment, type, occurred_at, data)
    select gen_random_uuid(), ${tenantId}::uuid, ${environment}, ${type}, ${deadAt}, '{}'::jsonb
    from generate_series(1, ${n}) returning id`.execute(service.db);
  await sql`
    update webhook_deliveries
    set state = 'dead', next_attempt_at = null, finished_at = ${deadAt}, attempts = 12, last_attempt_at = ${deadAt},
        last_status = 503
    where event_id = any(${rows.map((r) => r.id)}::uuid[])`.execute(service.db);
}

async function open(t: TestTenant, environment: Environment, outcome: number, stake: string) {
  const key = environment === 'sandbox' ? t.sandboxKey : t.liveKey;
  const user = uniqueKey('browser-user');
  await registerUser(service, key, user, environment);
  await sync(
    service,
    key,
    { external_user_id: user, direction: 'credit', amount: '5000.00' },
    uniqueKey(),
    environment,
  );
  const res = await service.api(environment, 'POST', '/v1/positions', {
    key,
    idempotencyKey: uniqueKey('open'),
    body: {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[outcome]!.id,
      stake,
      max_price: '1',
    },
  });
  expect(res.status, res.text).toBe(201);
}

const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.skipIf(!hasChromium)('dead letters and exposure in Chromium', () => {
  beforeAll(async () => {
    service = await startTestService({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
    northwind = await createTenant(service);
    harbor = await createTenant(service);
    await rename(northwind, 'Northwind Sportsbook');
    await rename(harbor, 'Harbor Bets');
    // A name as long as a tenant's may be, in the filter's tenant list: the page must still fit a phone.
    await rename(await createTenant(service), `Operator ${'with-a-very-long-legal-name-'.repeat(6)}Ltd`);
    await deadLetters(northwind.tenantId, 'live', 'position.settled', 57, 26 * HOUR);
    await deadLetters(northwind.tenantId, 'live', 'market.resolved', 3, 2 * HOUR);
    market = await createMarket(service, northwind, {
      title: 'Will the home side win the cup final?',
      liquidity: '1000',
      max_stake_per_position: '500.00',
      max_open_stake_per_user: '1000.00',
    });
    await service.platform('PUT', `/platform/v1/tenants/${harbor.tenantId}/markets/${market.slug}`);
    await open(northwind, 'live', 0, '250.00');
    await open(northwind, 'live', 1, '120.00');
    await open(northwind, 'sandbox', 0, '40.00');
    await open(harbor, 'live', 0, '400.00');
    await open(harbor, 'live', 1, '75.50');
    browser = await launchChromium();
    const context = await browser.newContext();
    page = await context.newPage();
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
    expect(csp, 'Content-Security-Policy refusals').toEqual([]);
  });

  const deadLettersPath = () => `/panel/dead-letters?tenant=${northwind.tenantId}&environment=live`;

  for (const width of [375, 1280]) {
    it(`the dead letters at ${width} px: filtered by the overview's link, axe clean, no sideways scroll`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.platform}${deadLettersPath()}`);
      expect(await page.getByRole('heading', { level: 2, name: '60 dead letters match' }).count()).toBe(1);
      expect(await page.getByLabel('Tenant').inputValue()).toBe(northwind.tenantId);
      expect(await page.getByRole('link', { name: 'Northwind Sportsbook' }).count()).toBe(50);
      expect(await page.getByRole('link', { name: 'Next 50' }).count()).toBe(1);
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await overflow()).toBeLessThanOrEqual(0);
      if (process.env.UPDATE_SCREENSHOTS) {
        // On a phone the filter fills the first screen: the picture starts at the count and the list.
        if (width < 600) await page.evaluate(() => document.getElementById('list')!.scrollIntoView());
        await page.screenshot({ path: path.join(SCREENSHOTS, `panel-dead-letters-${width}.png`) });
      }
    });

    it(`the market's exposure at ${width} px: axe clean, no sideways scroll`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.urls.platform}/panel/markets/${market.slug}`);
      expect(await page.getByRole('heading', { name: 'If “Yes” wins' }).count()).toBe(1);
      expect(await page.getByTestId('maker-bound').textContent()).toBe('693.15');
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await overflow()).toBeLessThanOrEqual(0);
      if (process.env.UPDATE_SCREENSHOTS) {
        if (width < 600) {
          await page.setViewportSize({ width, height: 1400 });
          await page.evaluate(() => document.getElementById('exposure')!.scrollIntoView());
        }
        await page.screenshot({
          path: path.join(SCREENSHOTS, `panel-market-exposure-${width}.png`),
          fullPage: width === 1280,
        });
      }
    });
  }

  it('filters by type and age, confirms the count, and resends from the page', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${service.urls.platform}${deadLettersPath()}`);
    await page.getByLabel('Event type').selectOption('position.settled');
    await page.getByLabel('Age', { exact: true }).selectOption('24h');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/older_than=24h/);
    expect(await page.getByRole('heading', { level: 2, name: '57 dead letters match' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Resend all 57 matching' }).click();
    await page.waitForURL(/\/panel\/dead-letters\/resend\?/);
    expect(await page.getByTestId('tenant-count').textContent()).toBe('57');
    await page.getByRole('button', { name: 'Resend 57 dead letters' }).click();
    await page.waitForURL(/\/panel\/dead-letters\?/);
    expect(await page.getByRole('status').textContent()).toContain('57 dead letters resent');
    expect(await page.getByRole('heading', { level: 2, name: '0 dead letters match' }).count()).toBe(1);
  });
});
