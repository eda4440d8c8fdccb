import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signatureHeaders,
  signBody,
  timestampedSignature,
  verifySignature,
  verifyTimestampedSignature,
} from './signature.js';

const body =
  '{"id":"0b6f2c52-4a1b-4c1e-9d5e-3f1f3f1f3f1f","event":"position.opened","occurred_at":"2026-06-01T12:00:00.000Z","data":{"stake":"3.00"}}';

describe('webhook signatures', () => {
  it('round-trips: what is signed verifies with the same secret, over the same bytes', () => {
    const header = signBody('whsec_one', body);
    expect(verifySignature('whsec_one', body, header)).toBe(true);
    expect(verifySignature('whsec_one', Buffer.from(body), header)).toBe(true);
  });

  it('is sha256= and the lower-case hex HMAC-SHA256 of the body', () => {
    const header = signBody('whsec_one', body);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(header).toBe(`sha256=${createHmac('sha256', 'whsec_one').update(body, 'utf8').digest('hex')}`);
  });

  it('fails with another secret, another byte of body, or a malformed header', () => {
    const header = signBody('whsec_one', body);
    expect(verifySignature('whsec_two', body, header)).toBe(false);
    expect(verifySignature('whsec_one', body.replace('3.00', '3.01'), header)).toBe(false);
    expect(verifySignature('whsec_one', `${body} `, header)).toBe(false);
    expect(verifySignature('whsec_one', body, header.toUpperCase())).toBe(false);
    expect(verifySignature('whsec_one', body, header.slice(7))).toBe(false);
    expect(verifySignature('whsec_one', body, undefined)).toBe(false);
  });

  it('signs "<t>.<body>" for X-Webhook-Signature-V2, with the unix seconds of the attempt', () => {
    const headers = signatureHeaders('whsec_one', body, new Date('2026-06-01T12:00:00.900Z'));
    const t = Date.parse('2026-06-01T12:00:00Z') / 1000;
    expect(headers['x-webhook-timestamp']).toBe(String(t));
    expect(headers['x-webhook-signature']).toBe(signBody('whsec_one', body));
    expect(headers['x-webhook-signature-v2']).toBe(
      `t=${t},v1=${createHmac('sha256', 'whsec_one').update(`${t}.${body}`, 'utf8').digest('hex')}`,
    );
    expect(verifyTimestampedSignature('whsec_one', body, headers['x-webhook-signature-v2'])).toBe(true);
    expect(verifyTimestampedSignature('whsec_two', body, headers['x-webhook-signature-v2'])).toBe(false);
    expect(verifyTimestampedSignature('whsec_one', `${body} `, headers['x-webhook-signature-v2'])).toBe(false);
    // Another time in t= is another signed text.
    const moved = headers['x-webhook-signature-v2'].replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyTimestampedSignature('whsec_one', body, moved)).toBe(false);
    expect(timestampedSignature('whsec_one', t + 1, body)).not.toBe(headers['x-webhook-signature-v2']);
    expect(verifyTimestampedSignature('whsec_one', body, undefined)).toBe(false);
  });
});
