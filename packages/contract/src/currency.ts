/**
 * The operator's display currency of the widget (docs/platform-api.md): an ISO 4217 code that Intl formats,
 * or a short unit text written after the amount ("pts"). Display only: nothing in the ledger changes.
 * The platform API refuses other values and the widget tells the two kinds apart with the same rule,
 * because both import this file.
 */

/** A unit text is at most this many characters. */
export const CURRENCY_UNIT_MAX = 8;

/**
 * Letters, marks (for scripts that need them) and digits, single spaces between words. Nothing else:
 * no punctuation, and no control or bidi formatting character that could reorder the text around it.
 */
const UNIT = /^[\p{L}\p{M}\p{N}]+(?: [\p{L}\p{M}\p{N}]+)*$/u;

/**
 * Codes this runtime knows: Intl.supportedValuesOf lists them where it exists; elsewhere a code Intl
 * accepts is taken as known (every well-formed code is, so the check is the form alone).
 */
function knownCodes(): ReadonlySet<string> | null {
  const intl = Intl as { supportedValuesOf?: (key: 'currency') => string[] };
  return typeof intl.supportedValuesOf === 'function' ? new Set(intl.supportedValuesOf('currency')) : null;
}
let codes: ReadonlySet<string> | null | undefined;

/** Three upper-case letters Intl knows as an ISO 4217 currency ("EUR"); shown through Intl.NumberFormat. */
export function isCurrencyCode(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  codes ??= knownCodes();
  if (codes) return codes.has(value);
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: value });
    return true;
  } catch {
    return false;
  }
}

/** A unit text shown after the amount: 1 to 8 letters, digits or spaces ("pts", "coins", "Punkte"). */
export function isCurrencyUnit(value: string): boolean {
  return [...value].length <= CURRENCY_UNIT_MAX && UNIT.test(value);
}

/** Why a currency setting is refused, in words for the caller; null when it is one of the two kinds. */
export function currencyProblem(value: string): string | null {
  if (isCurrencyCode(value) || isCurrencyUnit(value)) return null;
  return (
    `must be an ISO 4217 code such as EUR or a unit text of 1 to ${CURRENCY_UNIT_MAX} letters, digits ` +
    'or single spaces such as pts'
  );
}
