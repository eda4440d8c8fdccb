/**
 * The screenshots of the docs: the API reference at /docs (one route opened on a desk, the top on a
 * phone) and a guide at /docs/guides/quickstart, each at 375 and 1280 px in light and dark. The service
 * on a fresh embedded database, in Debian's Chromium. Part of `npm run screenshots`.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { RunningService } from '../src/service.js';
import { SCREENSHOTS as OUT, withScreenshotService } from './screenshot-service.js';

const SIZES = [
  { name: 'desk', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

async function shoot(service: RunningService, browser: Browser) {
  for (const size of SIZES) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: scheme,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();

      // A guide: its title, the first steps and their code.
      await page.goto(`${service.urls.sandbox}/docs/guides/quickstart`);
      await page.waitForSelector('h1');
      const guide = `docs-guide-${size.name}-${scheme}.png`;
      await page.screenshot({ path: path.join(OUT, guide) });
      console.log(`wrote docs/screenshots/${guide}`);

      // The reference (Redoc has one theme: light only, so once per size).
      if (scheme === 'light') {
        await page.goto(`${service.urls.sandbox}/docs`);
        await page.waitForSelector('text=Prediction market operator API');
        if (size.name === 'desk')
          await page.evaluate(() =>
            [...document.querySelectorAll('h2')]
              .find((h) => h.textContent?.startsWith('Open a position'))
              ?.scrollIntoView(),
          );
        await page.waitForTimeout(1500);
        const reference = size.name === 'desk' ? 'api-reference.png' : 'api-reference-phone.png';
        await page.screenshot({ path: path.join(OUT, reference) });
        console.log(`wrote docs/screenshots/${reference}`);
      }
      await context.close();
    }
  }
}

await withScreenshotService(shoot);
