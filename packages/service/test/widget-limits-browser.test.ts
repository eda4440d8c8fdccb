import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeFindings } from './browser.js';
import { createMarket, operatorOpen, type TestMarket } from './trading-helpers.js';
import { OPEN_WINDOW, startWidgetHarness, type WidgetHarness } from './widget-harness.js';

/**
 * The limits a player set, as the widget shows them (docs/widget.md, "Player limits"), in real Chromium
 * against the real service: the ticket says what is left and when more frees, refuses an amount past it
 * before sending and offers the amount that fits; a refusal the ticket did not foresee says which limit;
 * a player on a break gets a calm page with its end and the way to their positions, and nothing to bet
 * on. At 375 and 1280 px, light and dark, English and Arabic. With UPDATE_SCREENSHOTS=1 it writes
 * docs/screenshots/widget-limits-*.png.
 */
const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
let harness: WidgetHarness;
let market: TestMarket;

describe.skipIf(!hasChromium)('player limits in the widget, in Chromium', () => {
  beforeAll(async () => {
    harness = await startWidgetHarness({ locales: ['en', 'ar'] });
    market = await createMarket(harness.service, harness.tenant, {
      ...OPEN_WINDOW,
      title: 'Will the final go to extra time?',
      max_stake_per_position: '500.00',
      max_open_stake_per_user: '500.00',
    });
  }, 120_000);
  afterAll(async () => {
    await harness?.stop();
  });
  afterEach(() => harness.finishTest());

  const setLimits = async (user: string, body: Record<string, unknown>) => {
    const res = await harness.service.api('sandbox', 'PUT', `/v1/users/${user}/limits`, {
      key: harness.tenant.sandboxKey,
      body,
    });
    expect(res.status, res.text).toBe(200);
  };

  async function widgetFor(user: { token: string }, view: { width: number; scheme: string; locale: string }) {
    const page = await harness.open({ width: view.width, height: 900 });
    const mounted = await harness.mountAs(page, user.token, {
      market: market.slug,
      scheme: view.scheme,
      locale: view.locale,
    });
    expect(mounted).toBe(true);
    return page;
  }

  const shot = async (page: Page, name: string) => {
    if (!process.env.UPDATE_SCREENSHOTS) return;
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENSHOTS, `widget-limits-${name}.png`), fullPage: true });
  };

  it('says what is left today and when more frees, and refuses more before sending, offering what fits', async () => {
    const player = await harness.newUser('100.00');
    await setLimits(player.user, { stake_per_day: '20.00', stake_per_month: '200.00' });
    await operatorOpen(harness.service, harness.tenant.sandboxKey, market, player.user, '7.50');
    const page = await widgetFor(player, { width: 1280, scheme: 'light', locale: 'en' });
    const line = page.locator('.limit-left');
    await expect
      .poll(() => line.textContent())
      .toMatch(/^\$?12\.50 left today, more from (tomorrow )?\d{1,2}:\d\d\s?[AP]M$/);

    const opens: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/v1/positions') && opens.push(r.url()));
    await page.getByLabel('Amount').fill('15');
    await expect
      .poll(() => page.locator('.field-note').textContent())
      .toContain('Over your daily limit: at most 12.50.');
    await page.locator('.field-note button').click();
    expect(await page.getByLabel('Amount').inputValue()).toBe('12.50');
    expect(opens).toEqual([]);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await shot(page, '1280-light-en-ticket');

    // Bought: the line reads the limits again.
    await page.locator('.ticket .headline').waitFor();
    await page.locator('button.buy').click();
    const confirm = page.getByRole('button', { name: /Buy anyway/ });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await expect.poll(() => line.textContent()).toMatch(/^\$?0\.00 left today/);
  });

  it('shows the line in Arabic, right to left, at 375 px in the dark', async () => {
    const player = await harness.newUser('100.00');
    await setLimits(player.user, { stake_per_week: '50.00' });
    const page = await widgetFor(player, { width: 375, scheme: 'dark', locale: 'ar' });
    const line = page.locator('.limit-left');
    await expect.poll(() => line.textContent()).toContain('من حدك الأسبوعي');
    expect(await page.locator('.app').getAttribute('dir')).toBe('rtl');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, '375-dark-ar-ticket');
  });

  it('answers a refusal the ticket did not foresee by reading the limits again and naming the one it met', async () => {
    const player = await harness.newUser('100.00');
    const page = await widgetFor(player, { width: 375, scheme: 'light', locale: 'en' });
    await page.locator('.ticket .headline').waitFor();
    // The limit is set after the widget read the limits: only the service knows it.
    await setLimits(player.user, { stake_per_day: '5.00' });
    await page.getByLabel('Amount').fill('10');
    await page.locator('.ticket .headline').waitFor();
    await page.locator('button.buy').click();
    // The ticket reads the limits again: the field names the limit and offers what fits, the line says
    // what is left, and no second note repeats it.
    await expect
      .poll(() => page.locator('.field-note').textContent())
      .toContain('Over your daily limit: at most 5.00.');
    await expect.poll(() => page.locator('.limit-left').textContent()).toMatch(/^\$?5\.00 left today/);
    expect(await page.locator('.note.error').count()).toBe(0);
    await shot(page, '375-light-en-refused');
  });

  for (const view of [
    { width: 375, scheme: 'light', locale: 'en' },
    { width: 1280, scheme: 'dark', locale: 'ar' },
  ] as const) {
    it(`gives a player on a break a calm page with its end and their positions, nothing to bet on (${view.width} ${view.scheme} ${view.locale})`, async () => {
      const player = await harness.newUser('100.00');
      await operatorOpen(harness.service, harness.tenant.sandboxKey, market, player.user, '5.00');
      const until = new Date(Date.now() + 7 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
      await setLimits(player.user, { excluded_until: until });
      const page = await widgetFor(player, view);
      const page_ = page.locator('section.break');
      await page_.waitFor();
      expect(await page.locator('form.ticket').count()).toBe(0);
      expect(await page.locator('.card.market').count()).toBe(0);
      const formatted = new Intl.DateTimeFormat(view.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(until),
      );
      expect(await page_.textContent()).toContain(formatted);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await shot(page, `${view.width}-${view.scheme}-${view.locale}-break`);

      // The way forward: their positions, which they can still close.
      await page_.getByRole('button').click();
      await page.locator('.position').first().waitFor();
      await shot(page, `${view.width}-${view.scheme}-${view.locale}-break-portfolio`);
    });
  }
});
