import { isCurrencyCode } from '@pm/contract';

/**
 * How the widget writes numbers for one locale and the operator's currency (packages/contract: an ISO
 * 4217 code shown by Intl, or a short unit text after the amount; null shows the plain amount). Every
 * number a user sees goes through these, so one sentence never mixes separators. Prices are shown one
 * way everywhere: as a chance in percent (0.4973 → "49.7%"), which reads the same in every currency.
 */
export interface Formats {
  locale: string;
  /** An amount in the operator's currency: "€12.50", "12.50 pts", "12.50". */
  money(amount: string | number): string;
  /** The same with its sign, for profit and loss: "+€4.76", "−€5.00". */
  signedMoney(amount: string | number): string;
  /** A price of 0..1 as a chance, whole percent between 10 % and 90 %, one decimal outside. */
  chance(price: string | number): string;
  /** A price of 0..1 as a percent with one decimal, for the ticket's exact figures: "49.7%". */
  percent(price: string | number): string;
  /** A signed change of a price in percentage points: "+30.1". */
  points(delta: number): string;
  /** A signed ratio as a percent with at most one decimal, for returns and the slippage: "+101.1%". */
  signedPercent(ratio: number): string;
  /** An amount as the stake field shows it, to edit: two decimals, no grouping, no currency ("1234,50"). */
  amountInput(amount: string | number): string;
  /** A plain number with at most `digits` decimals. */
  number(value: string | number, digits?: number): string;
  /** Shares with two decimals, as amounts are shown beside them: "59.40". */
  shares(value: string | number): string;
  /** A large amount in few characters, for a market's volume: "€1.2K", "12K pts". */
  compactMoney(amount: string | number): string;
  /** A day without its time: "Nov 3", with the year when it is not this year's ("Nov 3, 2025"). */
  day(iso: string, now?: Date): string;
  /** A date and time: "Jan 25, 2027, 6:16 AM". */
  date(iso: string): string;
  /**
   * A coming moment as near as it is: "6:16 AM" today, "tomorrow 6:16 AM", or its date and time
   * ("Jan 25, 2027, 6:16 AM"), by the reader's own calendar.
   */
  when(iso: string, now?: Date): string;
}

export function formatsFor(locale: string, currency: string | null): Formats {
  const code = currency !== null && isCurrencyCode(currency) ? currency : null;
  const unit = currency !== null && code === null ? currency : null;
  const amounts = (signDisplay: 'auto' | 'exceptZero') =>
    new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay,
      ...(code ? { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' } : {}),
    });
  const plain = amounts('auto');
  const signed = amounts('exceptZero');
  const withUnit = (text: string) => (unit ? `${text}\u00a0${unit}` : text);
  const chance = (value: number) =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      maximumFractionDigits: value < 0.1 || value > 0.9 ? 1 : 0,
    }).format(value);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const points = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const signedPercent = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const input = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const compact = new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 1,
    ...(code ? { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' } : {}),
  });
  const shares = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const dayOfYear = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const dayWithYear = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const times = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const days = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return {
    locale,
    money: (amount) => withUnit(plain.format(Number(amount))),
    signedMoney: (amount) => withUnit(signed.format(Number(amount))),
    chance: (price) => chance(Number(price)),
    percent: (price) => percent.format(Number(price)),
    points: (delta) => points.format(delta * 100),
    signedPercent: (ratio) => signedPercent.format(ratio),
    amountInput: (amount) => input.format(Number(amount)),
    number: (value, digits = 2) =>
      new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(Number(value)),
    shares: (value) => shares.format(Number(value)),
    compactMoney: (amount) => withUnit(compact.format(Number(amount))),
    day: (iso, now = new Date()) => {
      const at = new Date(iso);
      return (at.getFullYear() === now.getFullYear() ? dayOfYear : dayWithYear).format(at);
    },
    date: (iso) => dates.format(new Date(iso)),
    when: (iso, now = new Date()) => {
      const at = new Date(iso);
      const tomorrow = new Date(now);
      tomorrow.setDate(now.getDate() + 1);
      if (at.toDateString() === now.toDateString()) return times.format(at);
      if (at.toDateString() === tomorrow.toDateString()) return `${days.format(1, 'day')} ${times.format(at)}`;
      return dates.format(at);
    },
  };
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
