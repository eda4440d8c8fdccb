import { amountOf, centsOf } from './cents.js';
import type { LimitName } from './player-limits.js';

/**
 * The trade ticket's arithmetic, pure: reading the amount a user typed, checking it against what they
 * can spend, and what a quote means to them (what it wins, the profit, how far it moves the price).
 * Amounts are kept as cents (bigint) so that comparisons and the payout never round the wrong way.
 */

/** Why a typed amount cannot be sent yet; each has its own sentence in the ticket. */
export type StakeProblem = 'empty' | 'format' | 'zero' | 'balance' | 'limit' | 'player';

export type StakeCheck =
  | { ok: true; stake: string }
  | { ok: false; problem: 'empty' | 'format' | 'zero' }
  /** Over the balance or the known remaining limit: cap is the most that fits ("87.50"). */
  | { ok: false; problem: 'balance' | 'limit'; cap: string }
  /** Over what a limit the player set leaves (`limit` names it). */
  | { ok: false; problem: 'player'; cap: string; limit: LimitName };

/** An average price this far (0.05 = 5 points) above the outcome's price asks the user to confirm. */
export const CONFIRM_ABOVE = 0.05;

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** The locale's decimal and grouping marks ("." and "," in en, "," and "." in de), Arabic ones as ASCII. */
function marks(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const mark = (type: string, fallback: string) =>
    (parts.find((p) => p.type === type)?.value ?? fallback).replace('\u066b', '.').replace('\u066c', ',');
  return { decimal: mark('decimal', '.'), group: mark('group', ',') };
}

const escape = (mark: string) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads an amount the way people type it in their locale: "12,5" and "1.234,50" in German, "1,234.50"
 * in English, Arabic-Indic digits, spaces between groups; a lone "." or "," is the decimal mark
 * whatever the locale ("2,5" in English is 2.50). Answers the API's form ("1234.50") or why it cannot.
 * @example readAmount('1.234,5', 'de') // { ok: true, stake: '1234.50' }
 */
export function readAmount(
  input: string,
  locale: string,
): { ok: true; stake: string } | { ok: false; problem: 'empty' | 'format' | 'zero' } {
  const { decimal, group } = marks(locale);
  const text = input
    .replace(/[\s\u00a0\u202f'’]/g, '')
    .replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/\u066b/g, decimal)
    .replace(/\u066c/g, group);
  if (text === '') return { ok: false, problem: 'empty' };
  const grouped = new RegExp(`^\\d{1,3}(${escape(group)}\\d{3})+(${escape(decimal)}\\d*)?$`);
  let plain: string;
  if (grouped.test(text)) plain = text.split(group).join('').replace(decimal, '.');
  else plain = text.replace(/[.,]/, '.');
  const match = /^(\d{0,13})(?:\.(\d{0,2}))?$/.exec(plain);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, problem: 'format' };
  const cents = BigInt(match[1] || '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (cents === 0n) return { ok: false, problem: 'zero' };
  return { ok: true, stake: amountOf(cents) };
}

/** The most the user can stake now: the balance, or the remaining limit when known and lower. */
export function maxStake(balance: string | null, remaining: string | null): string | null {
  if (balance === null) return remaining;
  if (remaining === null) return balance;
  return centsOf(remaining) < centsOf(balance) ? remaining : balance;
}

/**
 * The typed amount checked before anything is sent: readable, above zero, within the balance, within
 * the remaining limit a stake_limit_exceeded answer told, and within what the tightest limit the player
 * set leaves (each null while unknown or none). Over several, the tightest is named, since that is the
 * amount that fits.
 */
export function checkStake(
  input: string,
  locale: string,
  limits: {
    balance: string | null;
    remaining: string | null;
    player?: { remaining: string; limit: LimitName } | null;
  },
): StakeCheck {
  const read = readAmount(input, locale);
  if (!read.ok) return read;
  const player = limits.player ?? null;
  const cap = maxStake(maxStake(limits.balance, limits.remaining), player?.remaining ?? null);
  if (cap === null || centsOf(read.stake) <= centsOf(cap)) return read;
  if (player && centsOf(cap) === centsOf(player.remaining))
    return { ok: false, problem: 'player', cap, limit: player.limit };
  const problem = limits.remaining !== null && cap === limits.remaining ? 'limit' : 'balance';
  return { ok: false, problem, cap };
}

/**
 * What a quote means to the user, against the outcome's price when the quote was asked (not the button's
 * price now: the stream moves it after the quote, and a large order must not skip its confirmation).
 */
export interface QuoteFacts {
  /** What the position pays if the outcome wins: stake / price, rounded down to cents, as settlement pays. */
  payout: string;
  /** payout − stake. */
  profit: string;
  /** profit / stake, e.g. 1.011 for +101.1 %. */
  returnRatio: number;
  /** The outcome's price when the quote was asked, which the impact is measured from. */
  shown: number;
  /** Average price − that price, as a fraction (0.301 = 30.1 points). */
  impact: number;
  /** The outcome's price once the order is filled (an estimate from the market maker's rule). */
  priceAfter: number;
  /** The impact is large enough to ask before sending. */
  confirm: boolean;
}

export function quoteFacts(quote: { stake: string; shares: string; price: string }, basis: string): QuoteFacts {
  const stake = centsOf(quote.stake);
  const micro = BigInt(Math.round(Number(quote.price) * 1_000_000));
  // A settled win pays stake / price at open, rounded down (never in the user's favour): never more than the shares.
  const payout = micro > 0n ? (stake * 1_000_000n) / micro : 0n;
  const profit = payout - stake;
  const impact = Number(quote.price) - Number(basis);
  return {
    payout: amountOf(payout),
    profit: amountOf(profit),
    returnRatio: stake > 0n ? Number(profit) / Number(stake) : 0,
    shown: Number(basis),
    impact,
    priceAfter: priceAfter(Number(basis), Number(quote.stake), Number(quote.shares)),
    confirm: impact > CONFIRM_ABOVE,
  };
}

/**
 * The price of the bought outcome after the order, from the price before (p), the stake (s) and the
 * shares it buys (Δ), for the logarithmic market scoring rule the service runs. The quote does not carry
 * the market's depth b, but the cost of Δ shares fixes it: s = b·ln(1 − p + p·e^(Δ/b)). With u = Δ/b the
 * average price s/Δ = ln(1 − p + p·e^u)/u rises from p to 1 as u grows, so u is found by bisection, and
 * then p' = p·e^((Δ − s)/b) = p·e^(u·(1 − s/Δ)). An average price at or below p (p is older than the
 * quote) answers the average price itself.
 * @example priceAfter(0.5, 10, 19.09028289) // ≈ 0.5476 (b = 100)
 */
export function priceAfter(p: number, stake: number, shares: number): number {
  const average = stake / shares;
  if (!(p > 0 && p < 1 && shares > 0 && average > p && average < 1)) return Math.min(average, 1);
  // ln(1 − p + p·e^u) / u, written so that neither a small nor a large u loses precision.
  const mean = (u: number) =>
    (u < 30 ? Math.log1p(p * Math.expm1(u)) : u + Math.log(p) + Math.log1p((1 - p) / p / Math.exp(u))) / u;
  let low = 1e-12;
  let high = 1;
  while (mean(high) < average && high < 1e9) high *= 2;
  for (let i = 0; i < 200 && high / low > 1 + 1e-12; i += 1) {
    const middle = Math.sqrt(low * high);
    if (mean(middle) < average) low = middle;
    else high = middle;
  }
  const u = Math.sqrt(low * high);
  return Math.min(p * Math.exp(u * (1 - average)), 1);
}

/** A quote is asked again once the outcome's price moved more than this (1 point) since it was asked… */
export const REQUOTE_MOVE = 0.01;
/** …or once it is this old… */
export const QUOTE_MAX_AGE_MS = 30_000;
/**
 * …but never sooner than this after the last automatic re-quote: quotes share the user's `default` tier
 * (60 a minute) with every other read, and a busy market's price moves many times a minute.
 */
export const AUTO_REQUOTE_GAP_MS = 10_000;

/**
 * When a quote on screen is to be asked again (a time in ms, due when not after now): at once when the
 * outcome's price moved more than REQUOTE_MOVE from the price the quote was measured from (`basis`, the
 * price when it was asked), else when it is QUOTE_MAX_AGE_MS old; in both cases no sooner than
 * AUTO_REQUOTE_GAP_MS after the last automatic re-quote (`lastAuto`, null before the first).
 * @example requoteAt({ basis: '0.50', at: 0 }, '0.52', null) // 0: moved 2 points, ask now
 */
export function requoteAt(quote: { basis: string; at: number }, price: string, lastAuto: number | null): number {
  const moved = Math.abs(micro(price) - micro(quote.basis)) > REQUOTE_MOVE * 1_000_000;
  const due = moved ? quote.at : quote.at + QUOTE_MAX_AGE_MS;
  return lastAuto === null ? due : Math.max(due, lastAuto + AUTO_REQUOTE_GAP_MS);
}

const micro = (price: string) => Math.round(Number(price) * 1_000_000);
