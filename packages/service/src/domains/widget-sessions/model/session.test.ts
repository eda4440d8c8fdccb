import { describe, expect, it } from 'vitest';
import { endedBySuspension } from './session.js';

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
