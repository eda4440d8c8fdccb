import { createHmac, timingSafeEqual } from 'node:crypto';
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

/** An event type this SDK does not know yet (new ones come without notice, spec 9): answer 2xx, ignore it. */
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
 * Checks a delivery as spec 6.1 rule 5 says: HMAC-SHA256 of the raw body bytes with the webhook secret,
 * hex, `sha256=` before it, compared with X-Webhook-Signature in constant time. Pass the bytes exactly as
 * they arrived (a parsed and re-serialised body will not match). A refusal is a value: answer it with a
 * 4xx and process nothing. Deduplicate on `delivery_id` (X-Webhook-Delivery): delivery is at least once.
 */
export function verifyWebhook(input: {
  rawBody: Uint8Array | string;
  headers: Headers;
  secret: string;
}): VerifiedWebhook {
  // An empty secret would accept bodies signed with an empty key: a configuration error, not a refusal.
  if (!input.secret) throw new TypeError('verifyWebhook needs the webhook secret');
  const signature = header(input.headers, 'x-webhook-signature');
  if (!signature) return { ok: false, reason: 'missing_signature' };
  const raw = typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : Buffer.from(input.rawBody);
  const expected = Buffer.from(`sha256=${createHmac('sha256', input.secret).update(raw).digest('hex')}`);
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad_signature' };
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
