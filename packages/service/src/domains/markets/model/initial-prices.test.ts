import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkInitialPrices, microsToFractions } from './initial-prices.js';
import { initialQ } from './lmsr.js';
import { displayPrices } from './quotes.js';

describe('checkInitialPrices', () => {
  it('accepts prices strictly between 0 and 1 that sum to exactly 1', () => {
    expect(checkInitialPrices(['0.25', '0.75'], 2)).toEqual({ ok: true, micros: [250_000n, 750_000n] });
    expect(checkInitialPrices(['0.333333', '0.333333', '0.333334'], 3)).toEqual({
      ok: true,
      micros: [333_333n, 333_333n, 333_334n],
    });
    expect(checkInitialPrices(['0.000001', '0.999999'], 2)).toEqual({ ok: true, micros: [1n, 999_999n] });
    expect(checkInitialPrices(['0.1', '0.2', '0.7'], 3)).toEqual({ ok: true, micros: [100_000n, 200_000n, 700_000n] });
  });

  it('refuses a sum that is 1 only within a float error', () => {
    // 0.1 + 0.2 + 0.7 is 0.9999999999999999 in float64, yet exactly 1: accepted above. These are not 1.
    expect(checkInitialPrices(['0.333333', '0.333333', '0.333333'], 3)).toMatchObject({
      ok: false,
      message: expect.stringContaining('0.999999'),
    });
    expect(checkInitialPrices(['0.5', '0.500001'], 2)).toMatchObject({
      ok: false,
      message: expect.stringContaining('1.000001'),
    });
  });

  it('refuses 0, 1, more than 6 decimals, signs, exponents and other texts', () => {
    for (const bad of [
      '0',
      '0.0',
      '1',
      '1.0',
      '0.0000001',
      '-0.5',
      '+0.5',
      '5e-1',
      '.5',
      ' 0.5',
      '0.5 ',
      '',
      'half',
      '0,5',
      '2',
    ]) {
      expect(checkInitialPrices([bad, '0.5'], 2), bad).toMatchObject({ ok: false });
    }
  });

  it('needs one price per outcome', () => {
    expect(checkInitialPrices(['0.5', '0.5'], 3)).toMatchObject({
      ok: false,
      message: expect.stringContaining('3 expected, 2 given'),
    });
    expect(checkInitialPrices(['0.2', '0.3', '0.5'], 2)).toMatchObject({ ok: false });
  });

  it('gives a q whose display prices are the initial prices (property)', () => {
    const micros = fc
      .array(fc.integer({ min: 1, max: 1000 }), { minLength: 2, maxLength: 20 })
      .map((weights) => {
        // Integer micro prices ≥ 1 summing to exactly 1 000 000.
        const total = weights.reduce((s, w) => s + w, 0);
        const base = weights.map((w) => Math.max(1, Math.floor((w * 1_000_000) / total)));
        base[0]! += 1_000_000 - base.reduce((s, p) => s + p, 0);
        return base;
      })
      .filter((base) => base.every((p) => p >= 1 && p < 1_000_000));
    fc.assert(
      fc.property(micros, fc.double({ min: 0.01, max: 1e9, noNaN: true }), (prices, b) => {
        const texts = prices.map((p) => `0.${String(p).padStart(6, '0')}`);
        const checked = checkInitialPrices(texts, texts.length);
        expect(checked.ok).toBe(true);
        if (!checked.ok) return;
        const q = initialQ(microsToFractions(checked.micros), b);
        const shown = displayPrices(q, b);
        for (const [i, p] of shown.entries())
          expect(Number(p - checked.micros[i]!), `outcome ${i}`).toBeLessThanOrEqual(1);
        for (const [i, p] of shown.entries())
          expect(Number(checked.micros[i]! - p), `outcome ${i}`).toBeLessThanOrEqual(1);
      }),
    );
  });
});
