/**
 * The audit log never holds a key, a secret or a token (docs/operations.md, "The audit log"): entries say
 * which one changed (a key's id and prefix, "webhook secret"), never its value. Callers give no such value;
 * this is the last guard before an entry is written, so a field added carelessly is withheld, not kept.
 */

/** Field names whose values are credentials wherever they appear. */
const SECRET_NAME = /(^|_)(secret|token|password|api_key|authorization)$/i;

/**
 * Values that are credentials by their form: API keys, webhook secrets, platform admin tokens (each with
 * 32 random characters or more). A key's displayed prefix (`pmk_live_J9ig`, four of them) is kept.
 */
const SECRET_VALUE = /^(pmk_[a-z]+_|whsec_|pat_)[A-Za-z0-9_-]{16,}/;

/** A whole webhook URL may carry a token in its path or query: only its host is kept. */
const URL_NAME = /(^|_)url$/i;

export const WITHHELD = 'withheld';

export function withheld(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).map(([name, value]) => [name, safeValue(name, value)]));
}

function safeValue(name: string, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (SECRET_NAME.test(name)) return WITHHELD;
  if (typeof value === 'string') {
    if (SECRET_VALUE.test(value)) return WITHHELD;
    if (URL_NAME.test(name)) return hostOf(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => safeValue('', item));
  if (typeof value === 'object') return withheld(value as Record<string, unknown>);
  return value;
}

/** A URL's host (what the log keeps of a webhook URL), or words when it is not a URL. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : 'not a URL';
}
