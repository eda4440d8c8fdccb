import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { appendVary } from './security-headers.js';

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

/** Preference when a client takes several equally: the smallest first. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

/**
 * Sends the encoding the request's Accept-Encoding prefers (identity without the header, or when it
 * accepts none of ours), with `Vary: Accept-Encoding` on every answer so a shared cache keeps them apart.
 * The route must set `compress: false`: these bytes are encoded already.
 */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, file: Precompressed): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  // "*" counts as gzip, as @fastify/compress reads it for the JSON answers: the one every client decodes.
  const header = accepted?.toLowerCase().replace(/\*/g, 'gzip');
  const chosen = (header && negotiate(header, [...ENCODINGS])) || 'identity';
  appendVary(reply, 'Accept-Encoding');
  if (chosen !== 'identity') reply.header('content-encoding', chosen);
  return reply.send(file[chosen as (typeof ENCODINGS)[number]]);
}
