import { describe, expect, it } from 'vitest';
import { windowBound } from './window.js';

describe('windowBound', () => {
  it('keeps a bound given to the millisecond or coarser', () => {
    expect(windowBound('2026-06-01T10:50:30Z').toISOString()).toBe('2026-06-01T10:50:30.000Z');
    expect(windowBound('2026-06-01T10:50:30.9Z').toISOString()).toBe('2026-06-01T10:50:30.900Z');
    expect(windowBound('2026-06-01T10:50:30.900000Z').toISOString()).toBe('2026-06-01T10:50:30.900Z');
  });

  it('takes a finer bound to the next whole millisecond, so rows stamped to the millisecond fall as [from, to) says', () => {
    expect(windowBound('2026-06-01T10:50:30.900999Z').toISOString()).toBe('2026-06-01T10:50:30.901Z');
    expect(windowBound('2026-06-01T10:50:30.9000001Z').toISOString()).toBe('2026-06-01T10:50:30.901Z');
    expect(windowBound('2026-06-01T23:59:59.9995Z').toISOString()).toBe('2026-06-02T00:00:00.000Z');
  });
});
