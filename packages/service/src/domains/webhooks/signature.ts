import { createHmac, timingSafeEqual } from 'node:crypto';

/** Everything that is signed, exactly as sent. */
export type RawBody = string | Uint8Array;

/**
 * X-Webhook-Signature (docs/guides/webhooks.md, "Verify the signature over the raw bytes"): `sha256=` and the
 * lower-case hex HMAC-SHA256 of the raw body bytes with the environment's webhook_secret. No timestamp is signed.
 *
 * @example
 * signBody('whsec_test', '{"id":"…"}') // 'sha256=5d0c…'
 */
export function signBody(secret: string, body: RawBody): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * What a receiver does: recompute over the raw bytes and compare in constant time.
 * Used by the tests and the bench's receiver; a header of another length or form simply fails.
 */
export function verifySignature(secret: string, body: RawBody, header: string | undefined | null): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
