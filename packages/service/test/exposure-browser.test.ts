import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { cspErrors, hasChromium, launchChromium, seriousAxeFindings } from './browser.js';
import { createTenant, startTestService, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { createMarket, fundedUser, type TestMarket } from './trading-helpers.js';

/**
 * The tenant portal's markets screen in real Chromium: reached from the navigation,
 * a market's exposure per outcome as the API answers it, on a desk and on a phone. SHOTS=<dir> keeps
 * screenshots to look at.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let browser: Browser;
let page: Page;
let csp: string[];
let market: TestMarket & { title: string };

describe.skipIf(!hasChromium)('the portal’s markets and exposure in Chromium', () => {
  beforeAll(async () => {
    service = await startTestService({ clock });
    tenant = await createTenant(service);
    market = (await createMarket(service, tenant, {
      title: 'Who wins the final of the 2026 international championship after extra time and penalties?',
      outcomes: [
        { title: 'The home side, in regular time or after extra time' },
        { title: 'Draw' },
        { title: 'The visitors' },
      ],
    })) as TestMarket & { title: string };
    for (const [outcome, stake] of [
      [0, '25.00'],
      [0, '12.34'],
      [2, '40.00'],
    ] as const) {
      const user = await fundedUser(service, tenant.sandboxKey, 'portal');
      const res = await service.api('sandbox', 'POST', '/v1/positions', {
        key: tenant.sandboxKey,
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
    browser = await launchChromium();
    page = await browser.newPage();
    csp = cspErrors(page);
    const url = (await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/portal-links`)).json
      .url as string;
    await page.goto(url);
    await page.getByLabel('Your name').fill('Sam');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/portal$/);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });
  afterEach(() => {
    expect(csp, 'Content-Security-Policy refusals in the portal').toEqual([]);
  });

  it('reaches a market’s exposure from the navigation and shows what the API answers', async () => {
    await page.getByRole('link', { name: 'Markets' }).click();
    await page.waitForURL(/\/portal\/markets$/);
    await page.getByRole('link', { name: market.title }).click();
    await page.waitForURL(new RegExp(`/portal/markets/${market.slug}$`));
    const api = (await service.api('sandbox', 'GET', `/v1/markets/${market.slug}/exposure`, { key: tenant.sandboxKey }))
      .json;
    const rows = await page.getByRole('region', { name: 'Exposure per outcome' }).locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(3);
    api.outcomes.forEach((o: any, i: number) => {
      expect(rows[i]).toContain(o.open_stake);
      expect(rows[i]).toContain(o.payout_if_wins);
      expect(rows[i]).toContain(o.net_if_wins.replace('-', ''));
    });
    expect(rows[1]).toContain('keep 77.34');
    expect(rows[0]).toContain('pay 8.44');
  });

  it('answers a market it may not see with a 404 page', async () => {
    const other = await createTenant(service);
    const theirs = await createMarket(service, other);
    const res = await page.goto(`${service.urls.sandbox}/portal/markets/${theirs.slug}`);
    expect(res?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('No such market');
  });

  it('has no serious axe finding and no sideways page scroll at 375 and 1280 px', async () => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/portal/markets', `/portal/markets/${market.slug}`]) {
        await page.goto(`${service.urls.sandbox}${path}`);
        expect(await seriousAxeFindings(page), `${path} at ${width} px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
        if (process.env.SHOTS) {
          const name = path.endsWith('markets') ? 'list' : 'exposure';
          await page.screenshot({ path: `${process.env.SHOTS}/portal-${name}-${width}.png`, fullPage: true });
        }
      }
    }
  });
});
