import { describe, expect, it } from 'vitest';
import { instantOf, readDeliveryFilter } from './delivery-filter.js';

const TYPES = ['position.opened', 'market.resolved'];

describe('instantOf', () => {
  it('reads a day as the whole day and a time as that instant, in UTC', () => {
    expect(instantOf('2026-06-01', 'from')).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(instantOf('2026-06-01', 'to')).toEqual(new Date('2026-06-02T00:00:00Z'));
    expect(instantOf('2026-06-01T14:30', 'to')).toEqual(new Date('2026-06-01T14:30:00Z'));
    expect(instantOf('2026-06-01 14:30:05Z', 'from')).toEqual(new Date('2026-06-01T14:30:05Z'));
  });

  it('refuses what is no real day or time', () => {
    for (const text of ['yesterday', '2026-02-30', '2026-06-01T24:00', '2026-06-01T12:60', '01/06/2026'])
      expect(instantOf(text, 'from'), text).toBeNull();
  });
});

describe('readDeliveryFilter', () => {
  it('narrows by state, type and time', () => {
    const read = readDeliveryFilter(
      { state: 'dead', type: 'market.resolved', from: '2026-06-01', to: '2026-06-02' },
      TYPES,
    );
    expect(read.problems).toEqual({});
    expect(read.filter).toEqual({
      state: 'dead',
      type: 'market.resolved',
      from: new Date('2026-06-01T00:00:00Z'),
      to: new Date('2026-06-03T00:00:00Z'),
    });
    expect(readDeliveryFilter({}, TYPES)).toEqual({ filter: {}, problems: {} });
  });

  it('says what is wrong with each field in words', () => {
    const read = readDeliveryFilter({ state: 'lost', type: 'market.exploded', from: 'yesterday' }, TYPES);
    expect(read.problems.state).toContain('Choose pending, delivered or dead');
    expect(read.problems.type).toBe('market.exploded is not an event type: choose one from the list.');
    expect(read.problems.from).toContain('yesterday is not a time');
    const backwards = readDeliveryFilter({ from: '2026-06-02T10:00', to: '2026-06-02T09:00' }, TYPES);
    expect(backwards.problems.to).toBe('To must be after From.');
  });
});
