import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from '../../lib/logger.js';
import { errorResponses } from '../openapi.js';
import { ApiError } from '../../errors/index.js';
import { precompress, sendPrecompressed, type Precompressed } from '../precompressed.js';

/** Where `npm run build -w @pm/widget` writes the bundle, in this repository's layout. */
export const DEFAULT_WIDGET_DIST = fileURLToPath(new URL('../../../../widget/dist', import.meta.url));

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

/**
 * The browser bundle (decisions part 7) at /widget/v1/… (moves with non-breaking releases, cached 5
 * minutes) and at /widget/v<x.y.z>/… (never changes, cached for a year), each file with X-Widget-Version,
 * in the encoding the request accepts. Public: no credential, and CORS answers * for this path (http/cors.ts).
 */
export function widgetBundleRoutes(bundle: WidgetBundle | null): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { version: string; '*': string } }>(
      '/widget/:version/*',
      {
        config: { meta: { tier: 'public', credential: 'none' } },
        schema: { hide: true, response: errorResponses('not_found') },
        compress: false,
      },
      async (request, reply) => {
        const { version, '*': file } = request.params;
        const major = bundle ? `v${bundle.version.split('.')[0]}` : null;
        const exact = bundle ? `v${bundle.version}` : null;
        const body = bundle && (version === major || version === exact) ? bundle.files.get(file) : undefined;
        if (!bundle || !body) throw new ApiError('not_found', `No widget file /widget/${version}/${file}.`);
        reply
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('x-widget-version', bundle.version)
          .header('cache-control', version === exact ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
        return sendPrecompressed(request, reply, body);
      },
    );
  };
}
