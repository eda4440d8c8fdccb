import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Precompressed } from '../lib/precompress.js';
import { appendVary } from './security-headers.js';

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
