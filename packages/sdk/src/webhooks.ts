import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { webhooks } from './generated/openapi.generated.js';
import { WEBHOOK_EVENT_TYPES } from './generated/operations.generated.js';

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The body of a known event, typed by its `event` (switch on it to narrow `data`). */
export type WebhookEvent = {
  [E in WebhookEventType]: webhooks[E]['post'] extends {
    requestBody: { content: { 'application/json': infer Body } };
  }
    ? Body
    : never;
}[WebhookEventType];

/** An event type this SDK does not know yet (new ones come without notice): answer 2xx, ignore it. */
export interface UnknownWebhookEvent {
  id: string;
  event: string;
  occurred_at: string;
  data: unknown;
}

export type VerifiedWebhook =
  | { ok: true; known: true; delivery_id: string; event: WebhookEvent }
  | { ok: true; known: false; delivery_id: string; event: UnknownWebhookEvent }
  | {
      ok: false;
      reason:
        | 'missing_signature'
        | 'missing_timestamped_signature'
        | 'bad_signature'
        | 'timestamp_outside_tolerance'
        | 'malformed_body';
    };

type Headers = Record<string, string | string[] | undefined> | globalThis.Headers;

/** How far from now X-Webhook-Signature-V2's timestamp may be, by default: 5 minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Checks a delivery (docs/guides/webhooks.md, "Verify the signature over the raw bytes"). When
 * X-Webhook-Signature-V2 (`t=<unix seconds>,v1=<hex>`) is there, it must be the HMAC-SHA256 of `<t>.<raw body>`
 * with the webhook secret, and `t` at most `toleranceSeconds` (300) from now: a delivery captured and replayed
 * later is refused. Without it, X-Webhook-Signature (`sha256=` and the HMAC-SHA256 of the raw body) is checked,
 * unless `requireTimestamp` is set: then a delivery without the timestamped signature is refused, so stripping
 * that header cannot downgrade the check. Comparisons are in constant time. Pass the bytes exactly as they
 * arrived (a parsed and re-serialised body will not match). A refusal is a value: answer it with a 4xx and
 * process nothing. Deduplicate on `delivery_id` (X-Webhook-Delivery): delivery is at least once.
 *
 * `secret` may be several: while a secret is being rotated, pass the new one and the old one, and a
 * delivery signed with either is accepted. The service signs every attempt with the secret current when it
 * is sent, retries of older events included, so only attempts already on their way at the rotation carry
 * the old signature: drop the old secret a few minutes after rotating.
 */
export function verifyWebhook(input: {
  rawBody: Uint8Array | string;
  headers: Headers;
  secret: string | readonly string[];
  /** Refuse a delivery without X-Webhook-Signature-V2. */
  requireTimestamp?: boolean;
  /** How far (in seconds, either way) the signing time may be from `now`; 300 by default. */
  toleranceSeconds?: number;
  /** The receiver's time; the clock's by default. */
  now?: Date;
}): VerifiedWebhook {
  const secrets = typeof input.secret === 'string' ? [input.secret] : [...input.secret];
  // An empty secret would accept bodies signed with an empty key: a configuration error, not a refusal.
  if (secrets.length === 0 || secrets.some((secret) => !secret))
    throw new TypeError('verifyWebhook needs the webhook secret');
  const raw = typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : Buffer.from(input.rawBody);
  const timestamped = header(input.headers, 'x-webhook-signature-v2');
  const plain = header(input.headers, 'x-webhook-signature');
  if (timestamped) {
    const parsed = parseTimestamped(timestamped);
    if (parsed === null) return { ok: false, reason: 'bad_signature' };
    const expected = secrets.map((secret) => hmacHex(secret, timestampedText(parsed.timestamp, raw)));
    if (!anyMatches(parsed.signatures, expected)) return { ok: false, reason: 'bad_signature' };
    const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
    const now = Math.floor((input.now ?? new Date()).getTime() / 1000);
    if (Math.abs(now - parsed.timestamp) > tolerance) return { ok: false, reason: 'timestamp_outside_tolerance' };
  } else if (input.requireTimestamp) {
    return { ok: false, reason: 'missing_timestamped_signature' };
  } else if (!plain) {
    return { ok: false, reason: 'missing_signature' };
  } else if (
    !anyMatches(
      [plain],
      secrets.map((secret) => sign(secret, raw)),
    )
  ) {
    return { ok: false, reason: 'bad_signature' };
  }
  let body: UnknownWebhookEvent;
  try {
    body = JSON.parse(raw.toString('utf8')) as UnknownWebhookEvent;
  } catch {
    return { ok: false, reason: 'malformed_body' };
  }
  if (typeof body?.id !== 'string' || typeof body.event !== 'string') return { ok: false, reason: 'malformed_body' };
  if ((WEBHOOK_EVENT_TYPES as readonly string[]).includes(body.event))
    return { ok: true, known: true, delivery_id: body.id, event: body as WebhookEvent };
  return { ok: true, known: false, delivery_id: body.id, event: body };
}

/** `t=<digits>` once and `v1=<hex>` at least once, comma-separated; anything else is not this header. */
function parseTimestamped(value: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, item = ''] = part.trim().split('=', 2) as [string, string?];
    if (key === 't' && timestamp === null && /^\d{1,12}$/.test(item)) timestamp = Number(item);
    else if (key === 'v1') signatures.push(item);
    else if (key === 't') return null;
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Every pair is compared, so the time taken does not say which secret matched. */
function anyMatches(given: readonly string[], expected: readonly string[]): boolean {
  let found = false;
  for (const g of given) {
    const a = Buffer.from(g);
    for (const e of expected) {
      const b = Buffer.from(e);
      if (a.length === b.length && timingSafeEqual(a, b)) found = true;
    }
  }
  return found;
}

function header(headers: Headers, name: string): string | undefined {
  if (headers instanceof globalThis.Headers) return headers.get(name) ?? undefined;
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

function hmacHex(secret: string, raw: Uint8Array | string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

function sign(secret: string, raw: Uint8Array | string): string {
  return `sha256=${hmacHex(secret, raw)}`;
}

function timestampedText(timestamp: number, raw: Uint8Array | string): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(raw)]);
}

/**
 * The three signature headers of a delivery signed at `timestamp` (unix seconds), as the service sends them
 * (docs/operator-api.md, "Webhooks and the event feed").
 */
export function signatureHeaders(
  secret: string,
  rawBody: Uint8Array | string,
  timestamp: number,
): { 'x-webhook-signature': string; 'x-webhook-timestamp': string; 'x-webhook-signature-v2': string } {
  return {
    'x-webhook-signature': sign(secret, rawBody),
    'x-webhook-timestamp': String(timestamp),
    'x-webhook-signature-v2': `t=${timestamp},v1=${hmacHex(secret, timestampedText(timestamp, rawBody))}`,
  };
}

/** A delivery as the service sends it: the raw body and the headers, to feed a handler under test. */
export interface SignedWebhook {
  rawBody: string;
  headers: {
    'content-type': 'application/json';
    'x-webhook-signature': string;
    'x-webhook-timestamp': string;
    'x-webhook-signature-v2': string;
    'x-webhook-event': string;
    'x-webhook-delivery': string;
  };
}

/**
 * Signs a sample delivery the way the service does (for tests of a webhook endpoint): the body
 * `{"id","event","occurred_at","data"}` serialised once, its signatures over those bytes, and the headers
 * the service sends with it. POST `rawBody` with `headers` to the endpoint, or pass both to verifyWebhook.
 */
export function signWebhook(input: {
  secret: string;
  event: string;
  data: Record<string, unknown>;
  /** The delivery id (X-Webhook-Delivery, the body's id); a new UUID by default. */
  id?: string;
  /** RFC 3339 UTC; now by default. */
  occurredAt?: string;
  /** When it is signed (X-Webhook-Timestamp), unix seconds; now by default. */
  timestamp?: number;
}): SignedWebhook {
  if (!input.secret) throw new TypeError('signWebhook needs the webhook secret');
  const id = input.id ?? randomUUID();
  const occurred_at = input.occurredAt ?? new Date().toISOString();
  const rawBody = JSON.stringify({ id, event: input.event, occurred_at, data: input.data });
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      ...signatureHeaders(input.secret, rawBody, input.timestamp ?? Math.floor(Date.now() / 1000)),
      'x-webhook-event': input.event,
      'x-webhook-delivery': id,
    },
  };
}
