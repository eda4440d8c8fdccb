import { describe, expect, it } from 'vitest';
import { rotationStateOf } from './rotation-state.js';

const key = (id: string, rotatesKeyId: string | null = null, revoked = false) => ({
  id,
  rotatesKeyId,
  revokedAt: revoked ? new Date(0) : null,
});

describe('rotationStateOf', () => {
  it('tells a live key, both sides of a rotation waiting for the confirm, and the sides after it', () => {
    const old = key('old');
    const fresh = key('new', 'old');
    expect(rotationStateOf(old, [old])).toBe('live');
    expect(rotationStateOf(old, [old, fresh])).toBe('replaced');
    expect(rotationStateOf(fresh, [old, fresh])).toBe('replacing');
    const confirmed = key('old', null, true);
    expect(rotationStateOf(confirmed, [confirmed, fresh])).toBe('revoked');
    expect(rotationStateOf(fresh, [confirmed, fresh])).toBe('live');
  });

  it('forgets a rotation whose new key was revoked (abandoned)', () => {
    const old = key('old');
    const abandoned = key('new', 'old', true);
    expect(rotationStateOf(old, [old, abandoned])).toBe('live');
    expect(rotationStateOf(abandoned, [old, abandoned])).toBe('revoked');
  });
});
