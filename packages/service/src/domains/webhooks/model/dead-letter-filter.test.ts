import { describe, expect, it } from 'vitest';
import { deadWindow, filterProblem } from './dead-letter-filter.js';

const now = new Date('2026-06-01T12:00:00.000Z');

describe('deadWindow', () => {
  it('reads "dead for more than" as dead at or before now minus the age', () => {
    expect(deadWindow({ olderThan: '1h' }, now)).toEqual({ from: null, to: new Date('2026-06-01T11:00:00.001Z') });
    expect(deadWindow({ olderThan: '7d' }, now).to).toEqual(new Date('2026-05-25T12:00:00.001Z'));
    expect(deadWindow({}, now)).toEqual({ from: null, to: null });
  });

  it('keeps the earlier upper bound when an age and a dead_to are both given, so both narrow', () => {
    const deadTo = new Date('2026-05-01T00:00:00Z');
    expect(deadWindow({ olderThan: '24h', deadTo }, now).to).toEqual(deadTo);
    const later = new Date('2026-06-01T11:59:00Z');
    expect(deadWindow({ olderThan: '24h', deadTo: later }, now).to).toEqual(new Date('2026-05-31T12:00:00.001Z'));
    const deadFrom = new Date('2026-05-30T00:00:00Z');
    expect(deadWindow({ deadFrom }, now)).toEqual({ from: deadFrom, to: null });
  });
});

describe('filterProblem', () => {
  it('refuses a window that ends before it starts', () => {
    const a = new Date('2026-06-01T09:00:00Z');
    const b = new Date('2026-06-01T10:00:00Z');
    expect(filterProblem({ deadFrom: a, deadTo: b })).toBeNull();
    expect(filterProblem({ deadFrom: b, deadTo: a })).toBe('dead_from must be before dead_to.');
    expect(filterProblem({ deadFrom: a, deadTo: a })).not.toBeNull();
  });
});
