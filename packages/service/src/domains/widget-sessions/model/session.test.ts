import { describe, expect, it } from 'vitest';
import { endedBySuspension, isTtlSeconds, tokenExpiry } from './session.js';

const at = (iso: string) => new Date(iso);

describe('endedBySuspension', () => {
  it('ends nothing for a tenant never suspended', () => {
    expect(endedBySuspension(at('2026-06-01T12:00:00Z'), null)).toBe(false);
  });

  it('ends tokens issued before the suspension, or in its second (iat counts whole seconds)', () => {
    const suspended = at('2026-06-01T12:00:00.400Z');
    expect(endedBySuspension(at('2026-06-01T11:45:00Z'), suspended)).toBe(true);
    expect(endedBySuspension(at('2026-06-01T12:00:00Z'), suspended)).toBe(true);
    expect(endedBySuspension(at('2026-06-01T12:00:00.900Z'), suspended)).toBe(true);
  });

  it('lets tokens issued from the next second on through', () => {
    const suspended = at('2026-06-01T12:00:00.400Z');
    expect(endedBySuspension(at('2026-06-01T12:00:01Z'), suspended)).toBe(false);
    expect(endedBySuspension(at('2026-06-02T12:00:00Z'), suspended)).toBe(false);
  });
});

describe('tokenExpiry', () => {
  const now = at('2026-06-01T12:00:00Z');
  const capAt = at('2026-06-02T12:00:00Z');

  it('is 15 minutes on without a ttl, ttlSeconds on with one', () => {
    expect(tokenExpiry({ capAt }, now)).toEqual(at('2026-06-01T12:15:00Z'));
    expect(tokenExpiry({ capAt, ttlSeconds: 60 }, now)).toEqual(at('2026-06-01T12:01:00Z'));
    expect(tokenExpiry({ capAt, ttlSeconds: 900 }, now)).toEqual(at('2026-06-01T12:15:00Z'));
  });

  it('never passes the cap', () => {
    expect(tokenExpiry({ capAt: at('2026-06-01T12:00:30Z'), ttlSeconds: 60 }, now)).toEqual(at('2026-06-01T12:00:30Z'));
  });
});

describe('isTtlSeconds', () => {
  it('takes whole seconds from 60 to 900 only', () => {
    for (const ok of [60, 61, 899, 900]) expect(isTtlSeconds(ok)).toBe(true);
    for (const bad of [59, 901, 0, -60, 60.5, '60', null, undefined, Number.NaN]) expect(isTtlSeconds(bad)).toBe(false);
  });
});
