import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { comparePositions, formatEventId, laterOf, parseEventId } from './event-id.js';

describe('event ids', () => {
  it('round-trip every position of the columns’ ranges', () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 2n ** 64n - 1n), fc.bigInt(0n, 2n ** 63n - 1n), (xactId, seq) => {
        expect(parseEventId(formatEventId({ xactId, seq }))).toEqual({ xactId, seq });
      }),
    );
  });

  it('read as null what the service never gives out', () => {
    for (const text of [
      undefined,
      '',
      '12',
      '12.',
      '.3',
      '1.2.3',
      '-1.2',
      '1.-2',
      '0x10.1',
      '1e3.1',
      'abc',
      `${2n ** 64n}.1`,
      `1.${2n ** 63n}`,
      `${'9'.repeat(21)}.1`,
      '1.2 3',
    ]) {
      expect(parseEventId(text), String(text)).toBeNull();
    }
  });

  it('take surrounding white space and leading zeros', () => {
    expect(parseEventId(' 0012.0003 ')).toEqual({ xactId: 12n, seq: 3n });
  });

  it('order by transaction, then seq', () => {
    const at = (xactId: bigint, seq: bigint) => ({ xactId, seq });
    expect(comparePositions(at(1n, 9n), at(2n, 0n))).toBeLessThan(0);
    expect(comparePositions(at(2n, 1n), at(2n, 0n))).toBeGreaterThan(0);
    expect(comparePositions(at(2n, 1n), at(2n, 1n))).toBe(0);
    expect(laterOf(at(1n, 9n), at(2n, 0n))).toEqual(at(2n, 0n));
    expect(laterOf(at(3n, 0n), at(2n, 7n))).toEqual(at(3n, 0n));
  });
});
