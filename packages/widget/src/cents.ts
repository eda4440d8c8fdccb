/**
 * Amounts of the API (decimal strings with two decimals) as whole cents, so sums and
 * differences stay exact: "87.50" → 8750n and back.
 */
export function centsOf(amount: string): bigint {
  const [units = '0', fraction = ''] = amount.replace('-', '').split('.');
  const cents = BigInt(units) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return amount.startsWith('-') ? -cents : cents;
}

/** 8750n → "87.50", -500n → "-5.00". */
export function amountOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The exact sum of some amounts of the API: ["5.00", "6.99"] → "11.99". */
export function sumAmounts(amounts: readonly string[]): string {
  return amountOf(amounts.reduce((sum, amount) => sum + centsOf(amount), 0n));
}
