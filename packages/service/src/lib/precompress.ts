import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** A static file's bytes as sent without encoding and encoded once, at its best, for every request after. */
export interface Precompressed {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Compresses a file at the highest levels (brotli 11, gzip 9): paid once per file, on zlib's thread
 * pool, instead of once per request at the low levels a per-answer compressor must keep to.
 */
export async function precompress(body: Buffer): Promise<Precompressed> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { identity: body, br, gzip: gz };
}
