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

/**
 * A field whose value is never kept: webhook secrets, session tokens, API keys, passwords, credentials
 * and their kin, however a client spells them (api-key, apiKey, private_key, auth, bearer, cookie, …).
 */
const SECRET_NAME =
  /secret|token|passw|passphrase|auth|bearer|cookie|session|jwt|credential|private|api[-_]?key|signature/i;

/**
 * A credential by its form, whatever its field is called and wherever it sits in a text (a key pasted into
 * a support ticket's words): our API keys, webhook secrets and the platform admin token, and JWTs (session
 * tokens). Only the credential is replaced; the words around it are kept. A new form here, or a new rule
 * in `redacted`, needs its trace in MAY_HOLD_SECRET too, or bodies holding it are kept as sent.
 */
const SECRET_VALUE = /pmk_[\w-]*|whsec_[\w-]*|\bpat_[\w-]{16,}|eyJ[\w-]*\.[\w-]*\.[\w-]*/g;

const withoutSecrets = (text: string) => text.replace(SECRET_VALUE, REDACTED);

/**
 * Raw JSON that may hold something `redacted` changes: a secret's name anywhere, a field ending in url, a
 * value holding a key, a secret, a token or a JWT, or any \u escape (which could spell any of these).
 * Text without one of these is kept as sent.
 */
const MAY_HOLD_SECRET = new RegExp(`${SECRET_NAME.source}|url"|pmk_|whsec_|pat_|eyJ|\\\\u`, 'i');

/**
 * A URL as the log keeps it: scheme and host only, since its path, query or user part may carry a token
 * (a webhook URL with a key in its query). Not a URL: kept only as a redaction.
 */
export function urlHost(text: string): string {
  try {
    const url = new URL(text);
    const more = url.pathname !== '/' || url.search !== '' || url.username !== '' || url.password !== '';
    return `${url.protocol}//${url.host}${more ? `/${REDACTED}` : '/'}`;
  } catch {
    return REDACTED;
  }
}

/** The value with every secret's value replaced, at any depth, and every URL field kept as its host. */
export function redacted(value: unknown): unknown {
  if (typeof value === 'string') return withoutSecrets(value);
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (SECRET_NAME.test(name)) out[name] = REDACTED;
    else if (/url$/i.test(name) && typeof inner === 'string') out[name] = urlHost(inner);
    else out[name] = redacted(inner);
  }
  return out;
}

/** A path with its query's values redacted where their names or forms say they are credentials. */
export function keptPath(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return withoutSecrets(url).slice(0, MAX_PATH);
  const query = new URLSearchParams(url.slice(at + 1));
  for (const [name, value] of [...query]) {
    if (SECRET_NAME.test(name)) query.set(name, REDACTED);
    else {
      const kept = withoutSecrets(value);
      if (kept !== value) query.set(name, kept);
    }
  }
  return `${withoutSecrets(url.slice(0, at))}?${query.toString()}`.slice(0, MAX_PATH);
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
 * secret no field name marks), or over MAX_KEPT_RAW_BYTES, is kept only as its size.
 */
function keptJson(body: string | Buffer): { text: string | null; bytes: number } {
  const bytes = Buffer.byteLength(body);
  if (bytes > MAX_KEPT_RAW_BYTES) return { text: null, bytes };
  const text = typeof body === 'string' ? body : body.toString('utf8');
  try {
    const value: unknown = JSON.parse(text);
    // Most bodies hold nothing to redact: those are kept as sent, without the walk and a second stringify.
    return { text: cut(MAY_HOLD_SECRET.test(text) ? JSON.stringify(redacted(value)) : text).text, bytes };
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

/** An idempotency key as the log keeps it: a credential in it replaced, cut to MAX_KEY. */
export function keptKey(text: string): string {
  return withoutSecrets(text).slice(0, MAX_KEY);
}

/** A body larger than this is kept only as its size: redacting it would hold up the event loop. */
export const MAX_KEPT_RAW_BYTES = 128 * 1024;

/** The bodies' sizes alone, for one too large to keep or while the log is over its memory budget. */
export function sizesOnly(raw: RawBodies): KeptBodies {
  return {
    requestBody: null,
    requestBodyBytes: raw.request === null ? null : Buffer.byteLength(raw.request),
    responseBody: null,
    responseBodyBytes: raw.response === null ? null : Buffer.byteLength(raw.response),
  };
}

/** The raw bodies' bytes, what waiting to be written costs in memory. */
export function rawBytes(raw: RawBodies): number {
  return (raw.request === null ? 0 : raw.request.length) + (raw.response === null ? 0 : raw.response.length);
}

/** Writes carry their bodies in the log; of reads, only the error answers do. */
export function keepsBodies(method: string, status: number): boolean {
  return method !== 'GET' && method !== 'HEAD' ? true : status >= 400;
}
