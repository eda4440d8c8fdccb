/**
 * The widget's screenshots (README.md, docs/widget.md): the service on a fresh embedded database (so the
 * demo is seeded), the demo page in Debian's Chromium, desktop and phone, light and dark, and a right-to-left locale.
 * `npm run screenshots` (writes docs/screenshots/*.png at the repository root).
 */
import path from 'node:path';
import { SCREENSHOTS as OUT, withScreenshotService } from './screenshot-service.js';

/**
 * Each of 375 and 1280 px, light and dark, English and Arabic, each on another view. A phone's market is
 * shot as the screen shows it (375 × 667, the buy bar at its bottom); the others as whole pages.
 */
const SHOTS = [
  { name: 'widget-375-dark-ar-leaders', width: 375, scheme: 'dark', locale: 'ar', view: 'leaders' },
  { name: 'widget-1280-light-en-market', width: 1280, scheme: 'light', locale: 'en', view: 'market' },
  { name: 'widget-1280-dark-en-list', width: 1280, scheme: 'dark', locale: 'en', view: 'list' },
  { name: 'widget-1280-light-ar-portfolio', width: 1280, scheme: 'light', locale: 'ar', view: 'portfolio' },
  { name: 'widget-1280-dark-ar-market', width: 1280, scheme: 'dark', locale: 'ar', view: 'market' },
  { name: 'widget-375-light-en-market', width: 375, scheme: 'light', locale: 'en', view: 'market', screen: true },
  { name: 'widget-375-dark-de-market', width: 375, scheme: 'dark', locale: 'de', view: 'market', screen: true },
  { name: 'widget-375-dark-en-portfolio', width: 375, scheme: 'dark', locale: 'en', view: 'portfolio' },
  { name: 'widget-375-light-ar-list', width: 375, scheme: 'light', locale: 'ar', view: 'list' },
  { name: 'widget-375-light-en-profile', width: 375, scheme: 'light', locale: 'en', view: 'profile' },
] as const;

const TABS = { portfolio: 1, leaders: 2, profile: 3 } as const;

await withScreenshotService(async (service, browser) => {
  // One tab, as a person reloading: the widget keeps its config and the board in the tab's storage.
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const shot of SHOTS) {
    const screen = 'screen' in shot && shot.screen;
    await page.setViewportSize({ width: shot.width, height: screen ? 667 : 900 });
    await page.goto(`${service.urls.sandbox}/demo?scheme=${shot.scheme}&locale=${shot.locale}`);
    await page.locator('.card.market').first().waitFor();
    if (shot.view === 'market') {
      await page.locator('.card.market.open .open').first().click();
      await page.locator('.ticket .headline').first().waitFor();
    } else if (shot.view !== 'list') {
      await page.getByRole('tab').nth(TABS[shot.view]).click();
    }
    // The views chunk, the quotes and the chart's history settle.
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: path.join(OUT, `${shot.name}.png`), fullPage: !screen });
    console.log(`wrote docs/screenshots/${shot.name}.png`);
  }
});
