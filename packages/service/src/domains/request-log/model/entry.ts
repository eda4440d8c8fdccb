import type { Environment } from '../../../db/schema.js';

/**
 * One request as the log keeps it (docs/operations.md, "The request log"). The answer is recorded as it
 * went out; the bodies arrive raw (the request's parsed body, the answer's bytes) and are made safe to
 * keep off the request path, in the recorder's batch (keptBodies below).
 */
export interface LoggedRequest {
  requestId: string;
  tenantId: string;
  environment: Environment;
  at: Date;
  method: string;
  /** The route's pattern (/v1/users/:external_user_id), or "(no route)". */
  route: string;
  /** The path and query as sent, at most MAX_PATH characters. */
  path: string;
  status: number;
  code: string | null;
  idempotencyKey: string | null;
  replayed: boolean;
  latencyMs: number;
  externalUserId: string | null;
}

/** The bodies of a write or an error answer as they went over the wire: kept (made safe) only for those. */
export interface RawBodies {
  request: string | null;
  response: string | Buffer | null;
}

export interface KeptBodies {
  requestBody: string | null;
  requestBodyBytes: number | null;
  responseBody: string | null;
  responseBodyBytes: number | null;
}

/** A body is kept up to this many bytes of UTF-8; the full size is kept beside it. */
export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_PATH = 2048;
const MAX_KEY = 255;

/** What stands for a secret's or a token's value in a kept body. */
export const REDACTED = '[redacted]';

/** A field whose value is never kept: webhook secrets, session tokens, API keys, passwords. */
const SECRET_NAME = /secret|token|password|passphrase|authorization|api_?key|signature/i;

/** The value with every secret field's value replaced, at any depth. */
export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) out[name] = SECRET_NAME.test(name) ? REDACTED : redacted(inner);
  return out;
}

/** The first MAX_BODY_BYTES of a text, never cutting a character in two. */
export function cut(text: string): { text: string; bytes: number } {
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_BODY_BYTES) return { text, bytes };
  // A code point is at most 4 bytes: decoding the first MAX_BODY_BYTES drops a partial last one.
  const head = Buffer.from(text)
    .subarray(0, MAX_BODY_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { text: head, bytes };
}

/**
 * A JSON body made safe to keep, with the size it had as sent; one that is not JSON (which could hold a
 * secret no field name marks) is kept only as its size.
 */
function keptJson(body: string | Buffer): { text: string | null; bytes: number } {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const bytes = Buffer.byteLength(body);
  try {
    return { text: cut(JSON.stringify(redacted(JSON.parse(text)))).text, bytes };
  } catch {
    return { text: null, bytes };
  }
}

export function keptBodies(raw: RawBodies): KeptBodies {
  const request = raw.request === null ? null : keptJson(raw.request);
  const response = raw.response === null ? null : keptJson(raw.response);
  return {
    requestBody: request?.text ?? null,
    requestBodyBytes: request?.bytes ?? null,
    responseBody: response?.text ?? null,
    responseBodyBytes: response?.bytes ?? null,
  };
}

/** The request's path and key cut to what the log keeps. */
export function keptText(text: string, kind: 'path' | 'key'): string {
  return text.slice(0, kind === 'path' ? MAX_PATH : MAX_KEY);
}

/** Writes carry their bodies in the log; of reads, only the error answers do. */
export function keepsBodies(method: string, status: number): boolean {
  return method !== 'GET' && method !== 'HEAD' ? true : status >= 400;
}
