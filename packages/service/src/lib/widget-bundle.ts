import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from './logger.js';
import { precompress, type Precompressed } from './precompress.js';

/** Where `npm run build -w @pm/widget` writes the bundle, in this repository's layout. */
export const DEFAULT_WIDGET_DIST = fileURLToPath(new URL('../../../widget/dist', import.meta.url));

/**
 * The built widget as the listeners serve it: its version and every file by its path under the version,
 * with its brotli and gzip bytes.
 */
export interface WidgetBundle {
  version: string;
  files: Map<string, Precompressed>;
}

/**
 * Reads the built bundle once at start (a few files, about 300 KB) and compresses each file then, at the
 * highest levels: ~0.3 s on zlib's threads, once, against a mobile link's seconds. Null when it was never
 * built, with a warning that says how to build it: the API works without it, the widget and the demo page
 * do not.
 */
export async function loadWidgetBundle(dist: string, log: Logger): Promise<WidgetBundle | null> {
  try {
    const { version } = JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    const names = [
      'widget.iife.js',
      'widget.esm.js',
      'views.js',
      ...(await readdir(path.join(dist, 'locales'))).map((n) => `locales/${n}`),
    ];
    const files = new Map<string, Precompressed>();
    await Promise.all(
      names.map(async (name) => files.set(name, await precompress(await readFile(path.join(dist, name))))),
    );
    return { version, files };
  } catch (error) {
    log.warn({ err: error, dist }, 'the widget bundle is not built (npm run build:widget): /widget/ answers 404');
    return null;
  }
}
