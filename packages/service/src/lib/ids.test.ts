import { describe, expect, it, vi } from 'vitest';
import { isUuid, newRequestId } from './ids.js';

describe('newRequestId', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const before = Date.now();
    const id = newRequestId();
    const after = Date.now();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });

  it('sorts later ids after earlier ones, and never repeats within a millisecond', () => {
    vi.useFakeTimers({ now: 1_800_000_000_000, toFake: ['Date'] });
    try {
      const first = Array.from({ length: 1_000 }, newRequestId);
      vi.setSystemTime(1_800_000_000_001);
      const second = newRequestId();
      expect(new Set(first).size).toBe(first.length);
      expect(first.every((id) => id < second)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
