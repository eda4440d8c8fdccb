/**
 * The screenshots of the docs: a page of the API reference (/docs/reference/positions at the route that
 * opens a position: its text and fields beside its samples on a desk, stacked on a phone) and a guide at
 * /docs/guides/quickstart, each at 375 and 1280 px in light and dark. The service on a fresh embedded
 * database, in Debian's Chromium. Part of `npm run screenshots`.
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

      // A reference page, scrolled to one route: the title of the route at the top.
      await page.goto(`${service.urls.sandbox}/docs/reference/positions#open`);
      await page.waitForSelector('#open');
      const reference = `api-reference-${size.name}-${scheme}.png`;
      await page.screenshot({ path: path.join(OUT, reference) });
      console.log(`wrote docs/screenshots/${reference}`);
      await context.close();
    }
  }
}

await withScreenshotService(shoot);
