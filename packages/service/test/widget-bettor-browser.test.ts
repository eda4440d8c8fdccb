import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, resizeTo, widthsFrom } from './browser.js';
import { uniqueKey } from './helpers.js';
import { createMarket, operatorOpen, sessionFor, type TestMarket } from './trading-helpers.js';
import { OPEN_WINDOW, startWidgetHarness, type WidgetHarness } from './widget-harness.js';

/**
 * What a bettor meets first, measured in Chromium (docs/widget.md, "On a phone"): Buy, the amount and
 * what it wins in reach of a thumb at 320 to 480 px, also with the keyboard open, in English, German
 * and Arabic; one request whatever the double tap, double click or held Enter; a chart whose line ends at
 * the price its legend shows, also after a trade and on a resolved market; one card per holding, cashed
 * out in one confirmation; tabs never cut in any locale; cards with Yes and No buttons that open the
 * ticket on their side.
 */
let harness: WidgetHarness;
const LOCALES = ['en', 'de', 'ar'];
const PHONE_WIDTHS = [320, 375, 480];

describe.skipIf(!hasChromium)('the widget a bettor would choose, in Chromium', () => {
  beforeAll(async () => {
    harness = await startWidgetHarness({ locales: ['en', 'de', 'ar', 'es', 'he'] });
  }, 120_000);
  afterAll(async () => {
    await harness?.stop();
  });
  afterEach(() => harness.finishTest());

  const marketFor = (title: string, overrides: Record<string, unknown> = {}) =>
    createMarket(harness.service, harness.tenant, {
      ...OPEN_WINDOW,
      title,
      liquidity: '1000',
      max_stake_per_position: '5000.00',
      max_open_stake_per_user: '5000.00',
      ...overrides,
    });

  /** The widget on one market for a new user, at a viewport, with its POSTs to /v1/positions recorded. */
  async function onMarket(market: TestMarket, viewport: { width: number; height: number }, locale = 'en') {
    const { user, token } = await harness.newUser('500.00');
    const page = await harness.open(viewport);
    const posts: Request[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/v1/positions') && posts.push(r));
    expect(await harness.mountAs(page, token, { market: market.slug, locale })).toBe(true);
    await page.locator('form.ticket').waitFor();
    const opens = () => posts.filter((r) => r.url().endsWith('/v1/positions'));
    return { user, page, opens, posts };
  }

  /** Whether an element of the widget lies wholly inside the viewport. */
  const inView = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const root = document.querySelector('[data-prediction-market-widget]')!.shadowRoot!;
      const el = root.querySelector(sel);
      if (!el) return `${sel}: none`;
      const box = el.getBoundingClientRect();
      const ok = box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight + 0.5;
      return ok ? true : `${sel}: ${Math.round(box.top)}–${Math.round(box.bottom)} of ${window.innerHeight}`;
    }, selector);

  it('keeps the amount, what it wins and Buy in view at 320 to 480 px, also with the keyboard open', async () => {
    const market = await marketFor('Will the bar stay under my thumb on a phone of any width?');
    // One mount per locale, each at a different width, then the page resized through the other two: the
    // ticket is laid out by its container's width (container queries), as on a phone turned sideways, and
    // a first draw is still checked at every width.
    for (const [i, locale] of LOCALES.entries()) {
      const order = widthsFrom(PHONE_WIDTHS, i);
      const { page } = await onMarket(market, { width: order[0]!, height: 667 }, locale);
      await page.locator('.buy-bar .headline .win').waitFor();
      const amount = page.locator('.buy-bar input');
      for (const width of order) {
        await page.setViewportSize({ width, height: 667 });
        await page.evaluate(() => window.scrollTo(0, 0));
        for (const part of ['.buy-bar input', '.buy-bar .headline', '.buy-bar button.buy'])
          await expect.poll(() => inView(page, part), { message: `${width} px ${locale}` }).toBe(true);
        // The figures fold behind Details on a phone, and open on a tap.
        expect(await page.locator('.details-body').isVisible()).toBe(false);
        await page.locator('.details-toggle').click();
        expect(await page.locator('.details-body .facts').isVisible()).toBe(true);
        // An on-screen keyboard leaves about 360 px: the browser scrolls the focused field into view, with
        // the figures open below the bar.
        await page.setViewportSize({ width, height: 360 });
        await amount.focus();
        for (const part of ['.buy-bar input', '.buy-bar button.buy'])
          await expect.poll(() => inView(page, part), { message: `${width} px ${locale}, keyboard open` }).toBe(true);
        await amount.blur();
        // Another tap folds them again, as the next width expects.
        await page.locator('.details-toggle').click();
        expect(await page.locator('.details-body').isVisible()).toBe(false);
      }
      await page.context().close();
    }
  });

  it('shows the figures beside the ticket and no Details button on a wide widget', async () => {
    const market = await marketFor('Does a wide ticket show everything at once?');
    const { page } = await onMarket(market, { width: 1280, height: 900 });
    await page.locator('.headline .win').waitFor();
    expect(await page.locator('.details-toggle').isVisible()).toBe(false);
    expect(await page.locator('.details-body .facts').isVisible()).toBe(true);
    await page.context().close();
  });

  it('sends one open for a double tap, a double click or Enter held down, then offers Buy more', async () => {
    const market = await marketFor('Does a double tap buy twice?');
    for (const how of ['tap', 'dblclick', 'enter'] as const) {
      const { user, page, opens } = await onMarket(market, { width: 375, height: 667 });
      const buy = page.locator('.buy-bar button.buy');
      await page.getByRole('button', { name: /· to win/ }).waitFor();
      if (how === 'tap') {
        // Two taps 80 ms apart: the second lands on whatever the first left there.
        await buy.click();
        await page.waitForTimeout(80);
        await buy.click();
      } else if (how === 'dblclick') await buy.dblclick();
      else {
        const amount = page.locator('.buy-bar input');
        await amount.focus();
        for (let i = 0; i < 12; i += 1) await page.keyboard.press('Enter', { delay: 0 });
      }
      await page.getByRole('button', { name: 'Buy more' }).waitFor();
      await page.waitForTimeout(500);
      expect(opens(), how).toHaveLength(1);
      expect(await page.locator('.buy-bar input').inputValue(), how).toBe('');
      expect(await page.locator('.buy-bar .note.ok').textContent()).toMatch(/^Bought [\d.]+ shares of Yes/);
      const positions = await harness.service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}`, {
        key: harness.tenant.sandboxKey,
      });
      expect(positions.json.data, how).toHaveLength(1);
      // Buy more: the amount field again, nothing sent.
      await page.getByRole('button', { name: 'Buy more' }).click();
      expect(
        await page.locator('.buy-bar input').evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
      ).toBe(true);
      expect(opens()).toHaveLength(1);
      await page.context().close();
    }
  });

  /** The price each line ends at and each legend entry's price, in the order of the outcomes. */
  const ends = (page: Page) =>
    page.evaluate(() => {
      const root = document.querySelector('[data-prediction-market-widget]')!.shadowRoot!;
      const lines = [...root.querySelectorAll('.chart path.series')].map((p) => Number(p.getAttribute('data-end')));
      const legend = [...root.querySelectorAll('.chart .readout .legend bdi')].map((b) =>
        Number(b.getAttribute('data-price')),
      );
      // The lines are drawn last outcome first, so the first outcome's is on top.
      return {
        lines: lines.reverse(),
        legend,
        texts: [...root.querySelectorAll('.chart .legend bdi')].map((b) => b.textContent),
      };
    });

  it('ends each line at the price the legend shows, also after a trade moved it, in a plot at least 220 px tall', async () => {
    const market = await marketFor('Does the line follow a trade?', { liquidity: '100' });
    // A history to draw: a trade before the page opens.
    const trader = (await harness.newUser('500.00')).user;
    await operatorOpen(harness.service, harness.tenant.sandboxKey, market, trader, '20.00', 0);
    const { page } = await onMarket(market, { width: 1280, height: 900 });
    await page.locator('.chart path.series').first().waitFor({ state: 'attached' });
    const height = await page.locator('.chart .plot').evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(220);
    // The prices as the service has them: where each line must end, and what its legend must say.
    const served = async () =>
      (
        await harness.service.api('sandbox', 'GET', `/v1/markets/${market.slug}`, { key: harness.tenant.sandboxKey })
      ).json.outcomes.map((o: { price: string }) => Number(o.price));
    const before = await ends(page);
    expect(before.lines).toEqual(await served());
    expect(before.legend).toEqual(before.lines);

    // Someone else's trade moves the price; the stream or the poll brings it.
    await operatorOpen(harness.service, harness.tenant.sandboxKey, market, trader, '40.00', 1);
    await expect.poll(async () => (await ends(page)).legend[1], { timeout: 20_000 }).toBeGreaterThan(before.legend[1]!);
    const after = await ends(page);
    expect(after.lines).toEqual(await served());
    expect(after.legend).toEqual(after.lines);
    // One legend: no second list of prices above the plot.
    expect(await page.locator('.chart ul.legend').count()).toBe(0);
    await page.context().close();
  });

  it('ends a resolved market at 100 % and 0 % at its resolution time, and the legend agrees', async () => {
    const market = await marketFor('Did the line end where the market did?', { liquidity: '100' });
    const trader = (await harness.newUser('500.00')).user;
    await operatorOpen(harness.service, harness.tenant.sandboxKey, market, trader, '10.00', 0);
    const resolved = await harness.service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
      outcome_id: market.outcomes[1]!.id,
    });
    expect(resolved.status, resolved.text).toBe(200);
    const { token } = await harness.newUser();
    const page = await harness.open({ width: 1280, height: 900 });
    expect(await harness.mountAs(page, token, { market: market.slug })).toBe(true);
    await page.locator('.chart path.series').first().waitFor({ state: 'attached' });
    const shown = await ends(page);
    expect(shown.lines).toEqual([0, 1]);
    expect(shown.legend).toEqual([0, 1]);
    expect(shown.texts.join(' ')).toMatch(/Yes 0%.*No 100%/);
    // No ticket, so no empty half: the chart takes the width.
    expect(await page.locator('.trade-layout.single').count()).toBe(1);
    await page.context().close();
  });

  it('shows three buys of one outcome as one holding, cashed out in one confirmation with a key per close', async () => {
    const market = await marketFor('Is one holding one card?', { liquidity: '1000' });
    const { user, token } = await harness.newUser('500.00');
    for (const stake of ['5.00', '6.00', '7.00'])
      expect(
        (
          await harness.service.api('sandbox', 'POST', '/v1/positions', {
            key: harness.tenant.sandboxKey,
            idempotencyKey: uniqueKey(),
            body: {
              external_user_id: user,
              market_slug: market.slug,
              outcome_id: market.outcomes[0]!.id,
              stake,
              max_price: '1',
            },
          })
        ).status,
      ).toBe(201);
    const page = await harness.open({ width: 375, height: 800 });
    const closes: Request[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/close') && closes.push(r));
    expect(await harness.mountAs(page, token)).toBe(true);
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    const card = page.locator(`.card.position.group`).filter({ hasText: 'Is one holding one card?' });
    await card.waitFor();
    expect(await card.count()).toBe(1);
    expect(await card.locator('dd').allTextContents()).toContain('18.00');
    expect(await card.getByText('Pays if it wins').count()).toBe(1);
    // Shares with two decimals, as the amounts beside them.
    const shares = await card.locator('.figures div', { hasText: 'Shares' }).locator('dd').textContent();
    expect(shares).toMatch(/^\d+\.\d\d$/);

    await card.getByRole('button', { name: 'Cash out all 3' }).click();
    await card.getByText(/an estimate until it is done/).waitFor();
    await card.getByRole('button', { name: /^Cash out for/ }).dblclick();
    await page.locator('.just-closed .note.ok').waitFor();
    expect(await page.locator('.just-closed').count()).toBe(1);
    expect(closes).toHaveLength(3);
    expect(new Set(closes.map((r) => r.headers()['idempotency-key'])).size).toBe(3);
    const positions = await harness.service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}`, {
      key: harness.tenant.sandboxKey,
    });
    expect(positions.json.data.map((p: { state: string }) => p.state)).toEqual(['closed', 'closed', 'closed']);
    await page.context().close();
  });

  it('opens the ticket on the side a card’s No button names', async () => {
    await marketFor('Which side does the card open?');
    const { token } = await harness.newUser();
    const page = await harness.open({ width: 375, height: 800 });
    expect(await harness.mountAs(page, token)).toBe(true);
    const card = page.locator('.card.market').filter({ hasText: 'Which side does the card open?' });
    await card.locator('.side.s1').click();
    await page.locator('form.ticket').waitFor();
    expect(await page.locator('.choice.selected').textContent()).toMatch(/^No/);
    expect(await page.getByRole('button', { name: /^Buy No/ }).count()).toBe(1);
    await page.context().close();
  });

  it('never cuts a tab at 320 to 480 px in any locale', async () => {
    const { token } = await harness.newUser();
    // One mount per locale, at the narrowest width, then the page widened: the tabs are laid out by CSS and
    // measured again on resize (ui/app.tsx), as on a phone turned sideways.
    for (const locale of ['en', 'de', 'ar', 'es', 'he']) {
      const page = await harness.open({ width: 320, height: 700 });
      expect(await harness.mountAs(page, token, { locale })).toBe(true);
      await page.getByRole('tab').first().waitFor();
      for (const width of PHONE_WIDTHS) {
        await resizeTo(page, { width, height: 700 });
        const cut = await page.evaluate(() => {
          const root = document.querySelector('[data-prediction-market-widget]')!.shadowRoot!;
          const nav = root.querySelector('nav[role=tablist]')!;
          const row = nav.getBoundingClientRect();
          return [...nav.querySelectorAll('button')]
            .filter((b) => {
              const box = b.getBoundingClientRect();
              return b.scrollWidth > b.clientWidth + 1 || box.left < row.left - 1 || box.right > row.right + 1;
            })
            .map((b) => b.textContent);
        });
        expect(cut, `${locale} at ${width} px`).toEqual([]);
      }
      await page.context().close();
    }
  });

  it('lets a person reload five times in a minute, looking at the board each time, without meeting Too many requests', async () => {
    const { user } = await harness.newUser();
    const page = await harness.open({ width: 375, height: 800 });
    const tier: string[] = [];
    const refused: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/v1\/widget\/(config|profile|leaderboard)/.test(path)) tier.push(path);
      if (r.status() === 429) refused.push(path);
    });
    for (let reload = 0; reload < 5; reload++) {
      if (reload > 0) await page.reload();
      // Each page load the operator mints a new session for the same user, as it would.
      const token = await sessionFor(harness.service, harness.tenant.sandboxKey, user);
      expect(await harness.mountAs(page, token)).toBe(true);
      await page.getByRole('tab', { name: 'Leaders' }).click();
      await page.locator('.leaders table, .leaders .note, .leaders p').first().waitFor();
      await page.getByRole('tab', { name: 'Profile' }).click();
      await page.getByLabel('Display name').waitFor();
    }
    expect(refused).toEqual([]);
    expect(await page.getByText('Too many requests', { exact: false }).count()).toBe(0);
    // The config and the profile once, the board at most once per half minute.
    expect(tier.filter((p) => p.endsWith('/config'))).toHaveLength(1);
    expect(tier.filter((p) => p.endsWith('/profile'))).toHaveLength(1);
    expect(tier.length).toBeLessThanOrEqual(5);
    await page.context().close();
  });

  it('says what was cashed out and what remains when the rate limit stops a holding’s cash-out half way', async () => {
    const market = await marketFor('Does a stopped cash-out say what remains?', { liquidity: '1000' });
    const { user, token } = await harness.newUser('500.00');
    for (const stake of ['5.00', '6.00', '7.00'])
      await operatorOpen(harness.service, harness.tenant.sandboxKey, market, user, stake, 0);
    const page = await harness.open({ width: 375, height: 800 });
    // The third close meets the rate limit, as a holding larger than the user's budget would.
    let closes = 0;
    await page.route('**/v1/positions/*/close', async (route) => {
      closes += 1;
      if (closes < 3) return route.continue();
      return route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '30' },
        // The service's own envelope of a 429 (docs/operator-api.md, "Errors").
        body: JSON.stringify({
          error: 'rate_limited',
          message: 'Rate limit exceeded.',
          details: {},
          request_id: 'req_test',
          source: 'rate_limit',
          ts: new Date().toISOString(),
        }),
      });
    });
    expect(await harness.mountAs(page, token)).toBe(true);
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    const card = page.locator('.card.position.group').filter({ hasText: 'Does a stopped cash-out say what remains?' });
    await card.getByRole('button', { name: 'Cash out all 3' }).click();
    await card.getByRole('button', { name: /^Cash out for/ }).click();
    await expect
      .poll(() => card.locator('.close > .note.ok').textContent(), { timeout: 10_000 })
      .toMatch(/^Cashed out 2 of 3 positions for \d+\.\d\d\. 1 is still open/);
    expect(await card.locator('.close > .note.error').textContent()).toMatch(/Too many requests/);
    const states = (
      await harness.service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}`, {
        key: harness.tenant.sandboxKey,
      })
    ).json.data.map((p: { state: string }) => p.state);
    expect(states.filter((s: string) => s === 'closed')).toHaveLength(2);
    expect(states.filter((s: string) => s === 'open')).toHaveLength(1);
    // What remains is one position: its own card, with its own Cash out.
    await expect.poll(() => card.getByRole('button', { name: 'Cash out', exact: true }).count()).toBe(1);
    await page.context().close();
  });
});
