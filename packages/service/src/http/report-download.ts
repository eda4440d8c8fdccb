import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Download } from '../domains/reports/index.js';
import { appendVary } from './security-headers.js';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/**
 * A report's artifact as an attachment (the operator API's download and the tenant portal's): sent
 * gzip-encoded to a client that accepts it, inflated on the way otherwise.
 */
export function sendDownload(request: FastifyRequest, reply: FastifyReply, download: Download): FastifyReply {
  const { job, gzipped } = download;
  const compressed = negotiate(request.headers['accept-encoding'] ?? 'identity', ['gzip', 'identity']) === 'gzip';
  const body = Readable.from(gzipped);
  reply
    .type(CONTENT_TYPES[job.format])
    .header('content-disposition', `attachment; filename="${job.reportType}-${job.id}.${job.format}"`)
    .header('x-report-rows', String(job.rowCount));
  // Beside CORS's Origin, which the hooks set before.
  appendVary(reply, 'Accept-Encoding');
  // The route's schema documents the bytes; the body is a stream of them (the type provider expects a string).
  if (compressed) return reply.header('content-encoding', 'gzip').send(body as unknown as string);
  // A reader failing mid-way destroys the inflater too, which ends the answer early (the client sees it cut).
  const plain = pipeline(body, createGunzip(), () => {});
  return reply.send(plain as unknown as string);
}
