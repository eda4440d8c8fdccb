import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, MAX_AMOUNT_MINOR, parseAmount } from './money.js';

const DIGITS = '0123456789';

/**
 * The amount a request text stands for, read by a different method than the module's regex: split on
 * '.', check every character by its code, and add the digits up one by one. Null when the text is not
 * an amount (docs/operator-api.md, "Balance sync": `^[0-9]+(\.[0-9]{1,2})?$`, at most 13 integer digits).
 */
function referenceAmount(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length > 2) return null;
  const [units, fraction] = parts as [string, string | undefined];
  const allDigits = (s: string) =>
    [...s].every((c) => c.length === 1 && c.charCodeAt(0) >= 48 && c.charCodeAt(0) <= 57);
  if (units.length < 1 || units.length > 13 || !allDigits(units)) return null;
  if (fraction !== undefined && (fraction.length < 1 || fraction.length > 2 || !allDigits(fraction))) return null;
  let value = 0n;
  for (const c of units) value = value * 10n + BigInt(c.charCodeAt(0) - 48);
  const cents = fraction === undefined ? '00' : fraction.length === 1 ? `${fraction}0` : fraction;
  for (const c of cents) value = value * 10n + BigInt(c.charCodeAt(0) - 48);
  return value;
}

const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...DIGITS), minLength, maxLength });

/** Texts the contract accepts: 1 to 13 digits, optionally a point and one or two digits. */
const validAmountText = fc
  .tuple(digitString(1, 13), fc.option(digitString(1, 2), { nil: undefined }))
  .map(([units, fraction]) => (fraction === undefined ? units : `${units}.${fraction}`));

/** Characters near the edges of the grammar: signs, exponents, spaces, other points and other digits. */
const TRICKY = ['-', '+', 'e', 'E', ' ', '\t', '\n', ',', '_', 'x', '.', '٣', '１', '߃', '٫', '\u00a0', '∞'];

describe('formatAmount', () => {
  it('formats examples with exactly two decimals', () => {
    expect(formatAmount(-4000n)).toBe('-40.00');
    expect(formatAmount(10000n)).toBe('100.00');
    expect(formatAmount(0n)).toBe('0.00');
    expect(formatAmount(5n)).toBe('0.05');
    expect(formatAmount(-5n)).toBe('-0.05');
    expect(formatAmount(1050n)).toBe('10.50');
    expect(formatAmount(MAX_AMOUNT_MINOR)).toBe('9999999999999.99');
  });

  it('always has exactly two decimals, no leading zeros, and a minus sign exactly for negatives', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (n) => {
        const text = formatAmount(n);
        expect(text).toMatch(/^-?(0|[1-9][0-9]*)\.[0-9]{2}$/);
        expect(text.startsWith('-')).toBe(n < 0n);
        expect(text.split('-').length - 1).toBe(n < 0n ? 1 : 0);
      }),
    );
  });

  it('is the negation of the positive text for negative amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: MAX_AMOUNT_MINOR }), (n) => {
        expect(formatAmount(-n)).toBe(`-${formatAmount(n)}`);
      }),
    );
  });
});

describe('parseAmount', () => {
  it('parses examples into minor units', () => {
    expect(parseAmount('10')).toBe(1000n);
    expect(parseAmount('0.1')).toBe(10n);
    expect(parseAmount('0.01')).toBe(1n);
    expect(parseAmount('10.5')).toBe(1050n);
    expect(parseAmount('40.00')).toBe(4000n);
    expect(parseAmount('007.70')).toBe(770n);
    expect(parseAmount('0')).toBe(0n);
    expect(parseAmount('9999999999999.99')).toBe(MAX_AMOUNT_MINOR);
  });

  it.each([
    ['a minus sign', '-1'],
    ['a formatted negative', '-40.00'],
    ['a plus sign', '+1'],
    ['an exponent', '1e3'],
    ['an upper-case exponent', '1E3'],
    ['a leading space', ' 1'],
    ['a trailing space', '1 '],
    ['a trailing newline', '1\n'],
    ['the empty string', ''],
    ['a lone point', '.'],
    ['no integer digits', '.5'],
    ['no decimals after the point', '5.'],
    ['three decimals', '1.001'],
    ['three zero decimals', '1.000'],
    ['two points', '1.2.3'],
    ['a comma', '1,50'],
    ['a thousands separator', '1_000'],
    ['hex', '0x10'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['Arabic-Indic digits', '١٢'],
    ['fullwidth digits', '１２'],
    ['an Arabic decimal separator', '1٫5'],
    ['14 integer digits', '12345678901234'],
    ['14 integer digits with leading zeros', '00000000000001'],
  ])('refuses %s (%j)', (_name, text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it('round-trips every amount in range: parseAmount(formatAmount(n)) === n', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_AMOUNT_MINOR }), (n) => {
        expect(parseAmount(formatAmount(n))).toBe(n);
      }),
      { numRuns: 2000 },
    );
    for (const n of [0n, 1n, 9n, 10n, 99n, 100n, 101n, MAX_AMOUNT_MINOR - 1n, MAX_AMOUNT_MINOR]) {
      expect(parseAmount(formatAmount(n))).toBe(n);
    }
  });

  it('refuses the formatted text of any negative amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_AMOUNT_MINOR, max: -1n }), (n) => {
        expect(parseAmount(formatAmount(n))).toBeNull();
      }),
    );
  });

  it('accepts every text of the grammar and agrees with the reference value', () => {
    fc.assert(
      fc.property(validAmountText, (text) => {
        const value = parseAmount(text);
        expect(value).not.toBeNull();
        expect(value).toBe(referenceAmount(text));
        expect(value! >= 0n && value! <= MAX_AMOUNT_MINOR).toBe(true);
        // Formatting the value back gives the same number with its decimals padded to two.
        expect(formatAmount(value!)).toBe(formatAmount(referenceAmount(text)!));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a valid text with one tricky character inserted anywhere', () => {
    fc.assert(
      fc.property(validAmountText, fc.constantFrom(...TRICKY), fc.nat(), (text, c, at) => {
        const position = at % (text.length + 1);
        const mutated = text.slice(0, position) + c + text.slice(position);
        fc.pre(referenceAmount(mutated) === null); // inserting a '.' can still leave a valid text
        expect(parseAmount(mutated)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses more than 13 integer digits', () => {
    fc.assert(
      fc.property(digitString(14, 30), fc.option(digitString(1, 2), { nil: undefined }), (units, fraction) => {
        expect(parseAmount(fraction === undefined ? units : `${units}.${fraction}`)).toBeNull();
      }),
    );
  });

  it('refuses more than two decimals', () => {
    fc.assert(
      fc.property(digitString(1, 13), digitString(3, 10), (units, fraction) => {
        expect(parseAmount(`${units}.${fraction}`)).toBeNull();
      }),
    );
  });

  it('accepts exactly what the contract grammar accepts, for arbitrary texts over a tricky alphabet', () => {
    const contract = /^[0-9]+(\.[0-9]{1,2})?$/;
    const text = fc.string({ unit: fc.constantFrom(...DIGITS, ...TRICKY), maxLength: 18 });
    fc.assert(
      fc.property(text, (s) => {
        const accepted = contract.test(s) && s.split('.')[0]!.length <= 13;
        expect(parseAmount(s) !== null).toBe(accepted);
        expect(parseAmount(s)).toBe(referenceAmount(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with the reference on arbitrary unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => {
        expect(parseAmount(s)).toBe(referenceAmount(s));
      }),
      { numRuns: 2000 },
    );
  });
});
