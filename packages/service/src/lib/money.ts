/**
 * Money on the wire is a decimal string; in code and SQL it is integer minor units (cents) as bigint.
 * This module is the only place that converts between the two.
 */

/** What requests may carry: digits, optionally a point and one or two decimals. No sign or exponent. */
const AMOUNT_PATTERN = /^([0-9]{1,13})(?:\.([0-9]{1,2}))?$/;

/** Largest amount a request may carry, in minor units (9,999,999,999,999.99). */
export const MAX_AMOUNT_MINOR = 999_999_999_999_999n;

/**
 * Parses a request amount into minor units, or returns null when the text is not an amount.
 * @example parseAmount('10.5') // 1050n
 */
export function parseAmount(text: string): bigint | null {
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return null;
  const [, units, fraction = ''] = match;
  return BigInt(units!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/**
 * Formats minor units as a response amount with exactly two decimals and a leading minus when negative.
 * @example formatAmount(-4000n) // '-40.00'
 */
export function formatAmount(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const units = abs / 100n;
  const cents = abs % 100n;
  return `${sign}${units}.${cents.toString().padStart(2, '0')}`;
}

/** The text a zod schema uses to describe an amount, shared by every schema that takes one. */
export const AMOUNT_DESCRIPTION =
  'Decimal string with at most two decimals, for example "10.00"; a JSON number is refused.';
export { AMOUNT_PATTERN };
