import { createHmac, timingSafeEqual } from 'node:crypto';

/** Everything that is signed, exactly as sent. */
export type RawBody = string | Uint8Array;

/**
 * X-Webhook-Signature (docs/guides/webhooks.md, "Verify the signature over the raw bytes"): `sha256=` and the
 * lower-case hex HMAC-SHA256 of the raw body bytes with the environment's webhook_secret. No timestamp is signed;
 * X-Webhook-Signature-V2 (timestampedSignature) is the one that does.
 *
 * @example
 * signBody('whsec_test', '{"id":"…"}') // 'sha256=5d0c…'
 */
export function signBody(secret: string, body: RawBody): string {
  return `sha256=${hmacHex(secret, body)}`;
}

/**
 * X-Webhook-Signature-V2 (docs/operator-api.md, "Webhooks and the event feed"): `t=<unix seconds>,v1=<hex>`, the
 * HMAC-SHA256 of `<t>.<raw body>`, so a receiver can refuse a delivery signed too long ago (a replay).
 *
 * @example
 * timestampedSignature('whsec_test', 1764460800, '{"id":"…"}') // 't=1764460800,v1=9a1f…'
 */
export function timestampedSignature(secret: string, timestamp: number, body: RawBody): string {
  return `t=${timestamp},v1=${hmacHex(secret, Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(body)]))}`;
}

/** The signature headers of one attempt, signed at `at` (each attempt signs anew, with its own time). */
export function signatureHeaders(
  secret: string,
  body: RawBody,
  at: Date,
): { 'x-webhook-signature': string; 'x-webhook-timestamp': string; 'x-webhook-signature-v2': string } {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'x-webhook-signature': signBody(secret, body),
    'x-webhook-timestamp': String(timestamp),
    'x-webhook-signature-v2': timestampedSignature(secret, timestamp, body),
  };
}

/**
 * What a receiver does: recompute over the raw bytes and compare in constant time.
 * Used by the tests and the bench's receiver; a header of another length or form simply fails.
 */
export function verifySignature(secret: string, body: RawBody, header: string | undefined | null): boolean {
  if (typeof header !== 'string') return false;
  return sameText(signBody(secret, body), header);
}

/** The X-Webhook-Signature-V2 check, without a tolerance (the tests judge the time themselves). */
export function verifyTimestampedSignature(secret: string, body: RawBody, header: string | undefined | null): boolean {
  const timestamp = typeof header === 'string' ? /^t=(\d+),/.exec(header)?.[1] : undefined;
  if (timestamp === undefined) return false;
  return sameText(timestampedSignature(secret, Number(timestamp), body), header!);
}

function hmacHex(secret: string, data: RawBody): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
