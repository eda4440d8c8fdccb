import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBody, verifySignature } from './signature.js';

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
});
