import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../src/config.js';
import { startService, type RunningService } from '../src/service.js';
import { launchChromium } from '../test/browser.js';

/** Where the screenshots of the README and docs/ go: docs/screenshots at the repository root. */
export const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

/**
 * Runs `shoot` with the service on a fresh embedded database (so the demo is seeded) and Debian's
 * Chromium, then stops both and removes the database. The screenshot scripts of `npm run screenshots`.
 */
export async function withScreenshotService(
  shoot: (service: RunningService, browser: Browser) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-screenshots-'));
  const service = await startService(
    loadConfig({ DATA_DIR: dataDir, SANDBOX_PORT: '0', LIVE_PORT: '0', PLATFORM_PORT: '0', LOG_LEVEL: 'warn' }),
    { announce: () => {} },
  );
  const browser = await launchChromium();
  try {
    await mkdir(SCREENSHOTS, { recursive: true });
    await shoot(service, browser);
  } finally {
    await browser.close();
    await service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
