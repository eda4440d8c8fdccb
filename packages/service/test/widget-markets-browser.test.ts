import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './browser.js';
import { createTenant, uniqueKey } from './helpers.js';
import { createMarket, type TestMarket } from './trading-helpers.js';
import { OPEN_WINDOW, startWidgetHarness, type WidgetHarness } from './widget-harness.js';

/**
 * The market list and the first load in real Chromium: the order of the list, how ended markets read
 * (who won, the user's own result), mount's market option, the skeleton and parallel first reads, and
 * a first load that fails (a wrong apiBaseUrl, a token the service does not accept) never silent.
 */
let harness: WidgetHarness;
let token: string;
const markets: Record<'later' | 'sooner' | 'paused' | 'resolved' | 'voided', TestMarket> = {} as never;

const cardTitles = (page: Page) => page.locator('.card.market .title').allTextContents();

describe.skipIf(!hasChromium)('the market list and the first load', () => {
  beforeAll(async () => {
    harness = await startWidgetHarness();
    const { service, tenant } = harness;
    const make = (title: string, closes_at: string) =>
      createMarket(service, tenant, { ...OPEN_WINDOW, title, closes_at });
    markets.resolved = await make('Ended: resolved', '2027-06-01T00:00:00Z');
    markets.later = await make('Open: closes later', '2027-09-01T00:00:00Z');
    markets.voided = await make('Ended: voided', '2027-07-01T00:00:00Z');
    markets.paused = await make('Paused market', '2027-01-01T00:00:00Z');
    markets.sooner = await make('Open: closes sooner', '2027-03-01T00:00:00Z');
    const user = await harness.newUser('200.00');
    token = user.token;
    for (const market of [markets.resolved, markets.voided]) {
      const opened = await service.api('sandbox', 'POST', '/v1/positions', {
        key: token,
        idempotencyKey: uniqueKey(),
        body: { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '20.00', max_price: '1' },
      });
      expect(opened.status, opened.text).toBe(201);
    }
    const platform = (path: string, body?: unknown) => service.platform('POST', `/platform/v1/markets/${path}`, body);
    expect(
      (await platform(`${markets.resolved.slug}/resolve`, { outcome_id: markets.resolved.outcomes[0]!.id })).status,
    ).toBe(200);
    expect((await platform(`${markets.voided.slug}/void`)).status).toBe(200);
    expect((await platform(`${markets.paused.slug}/suspend`)).status).toBe(200);
  }, 120_000);
  afterAll(() => harness?.stop());
  // A test here that cannot reach the API is refused by the host page's policy on purpose: the tests
  // that expect no refusal say so themselves.
  afterEach(() => harness.closePages());

  it('lists open markets closing soonest first, then paused ones, then ended ones, latest first', async () => {
    const page = await harness.open();
    await harness.mountAs(page, token);
    await page.locator('.card.market').first().waitFor();
    expect(await cardTitles(page)).toEqual([
      'Open: closes sooner',
      'Open: closes later',
      'Paused market',
      'Ended: voided',
      'Ended: resolved',
    ]);
    harness.expectNoCspRefusal();
  });

  it("says who won a resolved market and what the user got, in the list and the market's page", async () => {
    const page = await harness.open();
    await harness.mountAs(page, token);
    const resolved = page.locator('.card.market.resolved');
    await resolved.waitFor();
    expect(await resolved.textContent()).toContain('Yes won');
    await expect.poll(() => resolved.locator('.result').textContent()).toMatch(/^You won \d+\.\d\d$/);
    expect(await resolved.locator('.price').count()).toBe(0); // no stale odds on an ended market
    const voided = page.locator('.card.market.voided');
    expect(await voided.textContent()).toContain('Voided: every stake refunded');
    expect(await voided.locator('.result').textContent()).toBe('Refunded 20.00');

    await resolved.locator('.open').click();
    const note = page.locator('.ended-note');
    await expect.poll(() => note.textContent()).toMatch(/Yes won.*You won/);
    expect(await page.locator('form.ticket').count()).toBe(0);
    await page.getByRole('button', { name: 'All markets' }).click();
    await page.locator('.card.market.paused, .card.market.suspended').first().locator('.open').click();
    await expect.poll(() => page.getByText(/^Trading on this market is paused/).count()).toBe(1);
    harness.expectNoCspRefusal();
  });

  it('opens on the market the host names, with the list one tap away', async () => {
    const page = await harness.open();
    await harness.mountAs(page, token, { market: markets.later.slug });
    await expect.poll(() => page.locator('.detail h2').textContent()).toBe('Open: closes later');
    await page.getByRole('button', { name: 'All markets' }).click();
    await expect.poll(() => cardTitles(page)).toHaveLength(5);
    harness.expectNoCspRefusal();
  });

  it('shows the list with a note for a market the tenant does not have, and refuses a malformed slug', async () => {
    const other = await createMarket(harness.service, await createTenant(harness.service), OPEN_WINDOW);
    for (const slug of ['no-such-market', other.slug]) {
      const page = await harness.open();
      await harness.mountAs(page, token, { market: slug });
      await expect
        // A wait for the list, not a measure of its speed: on a busy machine it takes more than a second.
        .poll(() => page.getByText('That market is not available here. Here are the others.').count(), {
          timeout: 10_000,
        })
        .toBe(1);
      expect(await cardTitles(page)).toHaveLength(5);
      await page.close();
    }
    const page = await harness.open();
    expect(await harness.mountAs(page, token, { market: 'Not A Slug' })).toBe(false);
    expect(await page.evaluate(() => (window as any).mountError)).toMatch(/market must be a market slug/);
  });

  it('shows a skeleton at once, asks for the config and the list together, and the positions once it is drawn', async () => {
    const page = await harness.open();
    const started: string[] = [];
    page.on('request', (r) => started.push(new URL(r.url()).pathname));
    let releaseConfig!: () => void;
    const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
    await page.route('**/v1/widget/config', async (route) => {
      await configHeld;
      await route.continue();
    });
    await harness.mountAs(page, token);
    await page.locator('[aria-busy="true"]').first().waitFor();
    await expect
      .poll(() => started)
      .toEqual(expect.arrayContaining(['/v1/markets', '/v1/users/me', '/v1/widget/saved-markets']));
    expect(await page.locator('.card.market').count()).toBe(0);
    // The list shows none of the user's positions: they are not part of the first view's wait.
    expect(started).not.toContain('/v1/positions');
    releaseConfig();
    await page.locator('.card.market').first().waitFor();
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    await expect.poll(() => started).toContain('/v1/positions');
  });

  it('says so, with Try again and the failed request on the console, when the first load cannot reach the API', async () => {
    const page = await harness.open();
    const console_: string[] = [];
    page.on('console', (m) => m.type() === 'error' && console_.push(m.text()));
    // A port nothing listens on; the host page's policy refuses it too, as it would a mistyped host.
    await harness.mountAs(page, token, { apiBaseUrl: 'http://127.0.0.1:9' });
    await expect
      .poll(() => page.getByText(/^Could not reach the markets service/).count(), { timeout: 15_000 })
      .toBe(1);
    expect(
      console_.some((m) => m.includes('PredictionMarketWidget') && m.includes('http://127.0.0.1:9/v1/widget/config')),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);
  });

  it('calls onSessionExpired once for a token the service does not accept, and says the session ended', async () => {
    const page = await harness.open();
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    await harness.mountAs(page, forged);
    await expect
      .poll(() => page.getByText('Your session has ended. Reload to keep trading.').count(), { timeout: 10_000 })
      .toBe(1);
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as any).expiredCalls)).toBe(1);
    harness.expectNoCspRefusal();
  });

  it('shows a market past its close as awaiting its result and one not yet open with its opening, neither tradable', async () => {
    const { service, tenant } = harness;
    const hour = 3_600_000;
    await createMarket(service, tenant, {
      title: 'Closed: awaiting',
      opens_at: new Date(Date.now() - 48 * hour).toISOString(),
      closes_at: new Date(Date.now() - hour).toISOString(),
    });
    await createMarket(service, tenant, {
      title: 'Opens tomorrow',
      opens_at: new Date(Date.now() + 24 * hour).toISOString(),
      closes_at: '2027-10-01T00:00:00Z',
    });
    const page = await harness.open();
    await harness.mountAs(page, (await harness.newUser()).token);
    await page.locator('.card.market').first().waitFor();
    expect(await cardTitles(page)).toEqual([
      'Open: closes sooner',
      'Open: closes later',
      'Opens tomorrow',
      'Paused market',
      'Closed: awaiting',
      'Ended: voided',
      'Ended: resolved',
    ]);
    const card = page.locator('.card.market', { hasText: 'Closed: awaiting' });
    expect(await card.textContent()).toContain('Closed, awaiting the result');
    expect(await page.locator('.card.market', { hasText: 'Opens tomorrow' }).textContent()).toMatch(/Opens \w+ \d+/);
    await card.locator('.open').click();
    await expect.poll(() => page.getByText(/^Trading has closed\. The result shows here/).count()).toBe(1);
    expect(await page.locator('form.ticket').count()).toBe(0);
    harness.expectNoCspRefusal();
  });
});
