import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from './logger.js';

/**
 * Where `npm run build:sdk` (run by `npm install`, `npm start` and `npm run build`) packs @pm/sdk with
 * `npm pack`, in this repository's layout: packages/sdk/pack/pm-sdk-<version>.tgz.
 */
export const DEFAULT_SDK_PACK_DIR = fileURLToPath(new URL('../../../sdk/pack', import.meta.url));

/** The SDK's version, from packages/sdk/package.json (null when it cannot be read). */
const SDK_MANIFEST = fileURLToPath(new URL('../../../sdk/package.json', import.meta.url));

/**
 * The SDK's package file as the listeners serve it (docs/sdk.md, "Install"): operators install it with
 * `npm install "$PM_BASE_URL/docs/sdk/pm-sdk-<version>.tgz"`.
 */
export interface SdkTarball {
  version: string;
  /** `pm-sdk-<version>.tgz`, npm pack's name for @pm/sdk. */
  filename: string;
  bytes: Buffer;
}

/**
 * Reads the packed SDK once at start (about 40 KB, already gzip). Null when it was never packed, with a
 * warning that says how to pack it: the API works without it, the SDK's install line does not.
 */
export async function loadSdkTarball(dir: string, log: Logger, manifest = SDK_MANIFEST): Promise<SdkTarball | null> {
  try {
    const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
    const filename = `pm-sdk-${version}.tgz`;
    return { version, filename, bytes: await readFile(path.join(dir, filename)) };
  } catch (error) {
    log.warn(
      { err: error, dir },
      'the SDK is not packed (npm run build:sdk): /docs/sdk/pm-sdk-<version>.tgz answers 404',
    );
    return null;
  }
}
