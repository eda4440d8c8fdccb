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
  | { ok: false; reason: 'missing_signature' | 'bad_signature' | 'malformed_body' };

type Headers = Record<string, string | string[] | undefined> | globalThis.Headers;

/**
 * Checks a delivery (docs/guides/webhooks.md, "Verify the signature over the raw bytes"): HMAC-SHA256 of the raw body
 * bytes with the webhook secret, hex, `sha256=` before it, compared with X-Webhook-Signature in constant time. Pass the
 * bytes exactly as they arrived (a parsed and re-serialised body will not match). A refusal is a value: answer it with
 * a 4xx and process nothing. Deduplicate on `delivery_id` (X-Webhook-Delivery): delivery is at least once.
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
}): VerifiedWebhook {
  const secrets = typeof input.secret === 'string' ? [input.secret] : [...input.secret];
  // An empty secret would accept bodies signed with an empty key: a configuration error, not a refusal.
  if (secrets.length === 0 || secrets.some((secret) => !secret))
    throw new TypeError('verifyWebhook needs the webhook secret');
  const signature = header(input.headers, 'x-webhook-signature');
  if (!signature) return { ok: false, reason: 'missing_signature' };
  const raw = typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : Buffer.from(input.rawBody);
  const given = Buffer.from(signature);
  // Every secret is compared, so the time taken does not say which one matched.
  const matches = secrets.map((secret) => {
    const expected = Buffer.from(sign(secret, raw));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches.includes(true)) return { ok: false, reason: 'bad_signature' };
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

function header(headers: Headers, name: string): string | undefined {
  if (headers instanceof globalThis.Headers) return headers.get(name) ?? undefined;
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

function sign(secret: string, raw: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

/** A delivery as the service sends it: the raw body and the headers, to feed a handler under test. */
export interface SignedWebhook {
  rawBody: string;
  headers: {
    'content-type': 'application/json';
    'x-webhook-signature': string;
    'x-webhook-event': string;
    'x-webhook-delivery': string;
  };
}

/**
 * Signs a sample delivery the way the service does (for tests of a webhook endpoint): the body
 * `{"id","event","occurred_at","data"}` serialised once, its signature over those bytes, and the headers
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
}): SignedWebhook {
  if (!input.secret) throw new TypeError('signWebhook needs the webhook secret');
  const id = input.id ?? randomUUID();
  const occurred_at = input.occurredAt ?? new Date().toISOString();
  const rawBody = JSON.stringify({ id, event: input.event, occurred_at, data: input.data });
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': sign(input.secret, rawBody),
      'x-webhook-event': input.event,
      'x-webhook-delivery': id,
    },
  };
}
