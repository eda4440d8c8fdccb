import { describe, expect, it } from 'vitest';
import { periodStart } from './period.js';

describe('periodStart', () => {
  it('starts days, weeks (Monday) and months at 00:00Z', () => {
    const wednesday = new Date('2026-11-25T23:59:59.999Z');
    expect(periodStart('day', wednesday)?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(periodStart('week', wednesday)?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('month', wednesday)?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(periodStart('all', wednesday)).toBeNull();
  });

  it('puts Sunday in the week that began the Monday before, across a month and a year', () => {
    expect(periodStart('week', new Date('2026-11-29T12:00:00Z'))?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('week', new Date('2026-11-23T00:00:00Z'))?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('week', new Date('2027-01-02T08:00:00Z'))?.toISOString()).toBe('2026-12-28T00:00:00.000Z');
  });
});
