/**
 * The widget's screenshots (README.md, docs/widget.md): the service on a fresh embedded database (so the
 * demo is seeded), the demo page in Debian's Chromium, desktop and phone, light and dark, and a right-to-left locale.
 * `npm run screenshots` (writes docs/screenshots/*.png at the repository root).
 */
import path from 'node:path';
import { SCREENSHOTS as OUT, withScreenshotService } from './screenshot-service.js';

/**
 * Each of 375 and 1280 px, light and dark, English and Arabic once, each on another view. The leaderboard
 * first: the demo user's widget_session reads (10 a minute) run out over eight pages.
 */
const SHOTS = [
  { name: 'widget-375-dark-ar-leaders', width: 375, scheme: 'dark', locale: 'ar', view: 'leaders' },
  { name: 'widget-1280-light-en-market', width: 1280, scheme: 'light', locale: 'en', view: 'market' },
  { name: 'widget-1280-dark-en-list', width: 1280, scheme: 'dark', locale: 'en', view: 'list' },
  { name: 'widget-1280-light-ar-portfolio', width: 1280, scheme: 'light', locale: 'ar', view: 'portfolio' },
  { name: 'widget-1280-dark-ar-market', width: 1280, scheme: 'dark', locale: 'ar', view: 'market' },
  { name: 'widget-375-light-en-market', width: 375, scheme: 'light', locale: 'en', view: 'market' },
  { name: 'widget-375-dark-en-portfolio', width: 375, scheme: 'dark', locale: 'en', view: 'portfolio' },
  { name: 'widget-375-light-ar-list', width: 375, scheme: 'light', locale: 'ar', view: 'list' },
] as const;

await withScreenshotService(async (service, browser) => {
  for (const shot of SHOTS) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(`${service.urls.sandbox}/demo?scheme=${shot.scheme}&locale=${shot.locale}`);
    await page.locator('.card.market').first().waitFor();
    if (shot.view === 'market') {
      await page.locator('.card.market.open .open').first().click();
      await page.locator('.ticket .headline').first().waitFor();
    } else if (shot.view !== 'list') {
      await page
        .getByRole('tab')
        .nth(shot.view === 'portfolio' ? 1 : 2)
        .click();
    }
    // The views chunk, the quotes and the chart's history settle.
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: path.join(OUT, `${shot.name}.png`), fullPage: true });
    await page.close();
    console.log(`wrote docs/screenshots/${shot.name}.png`);
  }
});
