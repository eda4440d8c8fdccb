/** Display of the API's decimal strings: amounts keep their two decimals, prices read as chances. */

export function money(amount: string, locale: string): string {
  const value = Number(amount);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** A signed amount, for profit: "+4.76", "−5.00". */
export function signedMoney(amount: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(Number(amount));
}

/** A price of 0..1 as a chance: 0.5123 → "51%" (one decimal under 10 % and over 90 %). */
export function chance(price: string, locale: string): string {
  const value = Number(price);
  const digits = value < 0.1 || value > 0.9 ? 1 : 0;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(value);
}

/** A price as the API writes it, shortened for reading: 0.512345 → "0.5123". */
export function price(value: string, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(Number(value));
}

export function date(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The max_price an open sends for a slippage tolerance: the price seen, raised by the tolerance, at most
 * 1, rounded up to the API's 6 decimals (so the limit never lands below what the user accepted).
 */
export function maxPriceFor(seen: string, slippage: number): string {
  const micro = Math.min(1_000_000, Math.ceil(Number(seen) * (1 + slippage) * 1_000_000));
  return (micro / 1_000_000).toFixed(6);
}

/** The min_price a close sends: the quoted close price lowered by the tolerance, rounded down, above 0. */
export function minPriceFor(quoted: string, slippage: number): string {
  const micro = Math.max(1, Math.floor(Number(quoted) * (1 - slippage) * 1_000_000));
  return (micro / 1_000_000).toFixed(6);
}

/** A stake the user typed, as the API takes it ("10", "10.5" → "10.50"); null when it is not one. */
export function stakeOf(input: string): string | null {
  const text = input.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [units, cents = ''] = text.split('.');
  const value = `${Number(units)}.${cents.padEnd(2, '0')}`;
  return Number(value) > 0 ? value : null;
}
