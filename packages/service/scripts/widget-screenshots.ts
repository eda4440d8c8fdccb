/**
 * The README's widget screenshots: the service on a fresh embedded database (so the demo is seeded),
 * the demo page in Debian's Chromium, desktop and phone, light and dark, and a right-to-left locale.
 * `npm run screenshots` (writes docs/screenshots/*.png at the repository root).
 */
import path from 'node:path';
import { SCREENSHOTS as OUT, withScreenshotService } from './screenshot-service.js';

const SHOTS = [
  { name: 'widget-desktop-light', query: '', width: 1100, tab: null },
  { name: 'widget-desktop-dark-market', query: '?scheme=dark', width: 1100, tab: 'market' },
  { name: 'widget-phone-light-ticket', query: '?width=400', width: 430, tab: 'market' },
  { name: 'widget-phone-dark-leaders', query: '?width=400&scheme=dark', width: 430, tab: 'Leaders' },
  { name: 'widget-rtl-arabic-portfolio', query: '?locale=ar', width: 1100, tab: 'المحفظة' },
] as const;

await withScreenshotService(async (service, browser) => {
  for (const shot of SHOTS) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(`${service.urls.sandbox}/demo${shot.query}`);
    await page.getByRole('tab').first().waitFor();
    await page.waitForTimeout(800);
    if (shot.tab === 'market') {
      await page.getByRole('button', { name: /^Who wins the cup final\?/ }).click();
      await page.getByText(/^Highest average price you accept/).waitFor();
    } else if (shot.tab) {
      await page.getByRole('tab', { name: shot.tab }).click();
      await page.waitForTimeout(800);
    }
    await page.screenshot({ path: path.join(OUT, `${shot.name}.png`), fullPage: true });
    await page.close();
    console.log(`wrote docs/screenshots/${shot.name}.png`);
  }
});
