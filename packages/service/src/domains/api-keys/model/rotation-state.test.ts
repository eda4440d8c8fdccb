import { describe, expect, it } from 'vitest';
import { rotationStateOf } from './rotation-state.js';

const now = new Date('2026-06-01T12:00:00Z');
const key = (id: string, rotatesKeyId: string | null = null, revoked = false, expiresAt: Date | null = null) => ({
  id,
  rotatesKeyId,
  revokedAt: revoked ? new Date(0) : null,
  expiresAt,
});

describe('rotationStateOf', () => {
  it('tells a live key, both sides of a rotation waiting for the confirm, and the sides after it', () => {
    const old = key('old');
    const fresh = key('new', 'old');
    expect(rotationStateOf(old, [old], now)).toBe('live');
    expect(rotationStateOf(old, [old, fresh], now)).toBe('replaced');
    expect(rotationStateOf(fresh, [old, fresh], now)).toBe('replacing');
    const confirmed = key('old', null, true);
    expect(rotationStateOf(confirmed, [confirmed, fresh], now)).toBe('revoked');
    expect(rotationStateOf(fresh, [confirmed, fresh], now)).toBe('live');
  });

  it('tells an expired key, which cannot be rotated', () => {
    expect(rotationStateOf(key('k', null, false, now), [], now)).toBe('expired');
    expect(rotationStateOf(key('k', null, false, new Date(now.getTime() + 1)), [], now)).toBe('live');
  });

  it('forgets a rotation whose new key was revoked (abandoned)', () => {
    const old = key('old');
    const abandoned = key('new', 'old', true);
    expect(rotationStateOf(old, [old, abandoned], now)).toBe('live');
    expect(rotationStateOf(abandoned, [old, abandoned], now)).toBe('revoked');
  });
});
