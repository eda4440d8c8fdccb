/**
 * The screenshots of the API reference at /docs (docs/operator-api.md): the service on a fresh embedded
 * database, in Debian's Chromium, one route opened on a desk and the top of the page on a phone. Part of
 * `npm run screenshots`.
 */
import path from 'node:path';
import { SCREENSHOTS as OUT, withScreenshotService } from './screenshot-service.js';

await withScreenshotService(async (service, browser) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${service.urls.sandbox}/docs`);
  await page.waitForSelector('text=Prediction market operator API');
  await page.evaluate(() =>
    [...document.querySelectorAll('h2')].find((h) => h.textContent?.startsWith('Open a position'))?.scrollIntoView(),
  );
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(OUT, 'api-reference.png') });
  console.log('wrote docs/screenshots/api-reference.png');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${service.urls.sandbox}/docs`);
  await page.waitForSelector('text=Prediction market operator API');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(OUT, 'api-reference-phone.png') });
  console.log('wrote docs/screenshots/api-reference-phone.png');
});
