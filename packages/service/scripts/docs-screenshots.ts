/**
 * The README's screenshots of the API reference at /docs: the service on a fresh embedded database, in
 * Debian's Chromium, one route opened on a desk and the top of the page on a phone. Part of
 * `npm run screenshots`.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/service.js';
import { launchChromium } from '../test/browser.js';

const OUT = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-screenshots-'));
const service = await startService(
  loadConfig({ DATA_DIR: dataDir, SANDBOX_PORT: '0', LIVE_PORT: '0', PLATFORM_PORT: '0', LOG_LEVEL: 'warn' }),
  { announce: () => {} },
);
const browser = await launchChromium();
try {
  await mkdir(OUT, { recursive: true });
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
} finally {
  await browser.close();
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });
}
