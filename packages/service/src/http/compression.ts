import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * JSON (application/json and +json types), and what mime-db calls compressible, which the plugin adds
 * whatever this says: the docs and demo pages and their scripts. The event stream is taken over from
 * fastify (http/event-stream.ts) and never passes here; the widget bundle and the reference's script are
 * compressed once at load (http/precompressed.ts); report downloads arrive gzipped already.
 */
const JSON_TYPES = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The panel's and the portal's pages (http/panel, http/portal). */
const WEB_PAGES = ['/panel', '/portal'];

/** Below this a compressed answer saves less than its headers and the work cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Negotiated compression of the listeners' answers (brotli or gzip by Accept-Encoding; none without it or
 * with identity), by @fastify/compress: it sets Vary and Content-Encoding, recomputes Content-Length and
 * leaves an answer that already has a Content-Encoding alone. Registered before the routes: it attaches
 * itself to each route as it is added. Request bodies are not inflated (globalDecompression: false): a
 * compressed request would get past the body limits.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    // A HEAD answer has no body, so nothing to encode: its headers stay those of the identity answer.
    if ([route.method].flat().includes('HEAD')) route.compress = false;
    // The panel's and portal's pages carry a form token beside text a visitor can put there, which
    // compression would let a watcher of the answers' sizes guess (BREACH).
    if (WEB_PAGES.some((prefix) => route.url.startsWith(prefix))) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: JSON_TYPES,
    // Brotli's quality 5: on the feed's JSON 7 % smaller than the plugin's default 4 for the same time
    // (about 0.05 ms for 3 KB); from 7 on it costs ~20x, and 11 ~50x.
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    },
  });
}
