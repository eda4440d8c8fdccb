import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeSince, formatChange, priceChanges, referencePrices } from './price-change.js';

describe('referencePrices', () => {
  it('takes the price in force 24 hours ago, or the price at open for a younger market', () => {
    const dayAgo = [400_000n, 600_000n];
    const open = [500_000n, 500_000n];
    expect(referencePrices({ atSince: dayAgo, first: open })).toBe(dayAgo);
    expect(referencePrices({ atSince: null, first: open })).toBe(open);
    expect(referencePrices({ atSince: null, first: null })).toBeNull();
  });

  it('measures from exactly 24 hours before now', () => {
    expect(changeSince(new Date('2026-03-02T12:00:00.000Z'))).toEqual(new Date('2026-03-01T12:00:00.000Z'));
  });
});

describe('priceChanges', () => {
  it('is now minus the reference, per outcome, signed', () => {
    expect(priceChanges([550_000n, 450_000n], [500_000n, 500_000n])).toEqual([50_000n, -50_000n]);
    expect(priceChanges([333_333n, 333_333n, 333_333n], [333_333n, 333_333n, 333_333n])).toEqual([0n, 0n, 0n]);
  });

  it('is 0 without a reference', () => {
    expect(priceChanges([550_000n, 450_000n], null)).toEqual([0n, 0n]);
  });
});

describe('formatChange', () => {
  it('writes six decimals with a minus when negative and no plus', () => {
    expect(formatChange(12_345n)).toBe('0.012345');
    expect(formatChange(-30_000n)).toBe('-0.030000');
    expect(formatChange(0n)).toBe('0.000000');
    expect(formatChange(-1n)).toBe('-0.000001');
    expect(formatChange(999_998n)).toBe('0.999998');
    expect(formatChange(-999_998n)).toBe('-0.999998');
  });

  it('reads back as the change for any two shown prices', () => {
    const price = fc.bigInt({ min: 1n, max: 999_999n });
    fc.assert(
      fc.property(price, price, (now, then) => {
        const text = formatChange(priceChanges([now], [then])[0]!);
        expect(text).toMatch(/^-?0\.\d{6}$/);
        expect(BigInt(text.replace('.', ''))).toBe(now - then);
      }),
    );
  });
});
