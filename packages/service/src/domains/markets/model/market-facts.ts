/**
 * What the platform writes about a market for the players (docs/platform-api.md, "Markets"): its rules
 * (what resolves it and how) and its resolution source (where the result comes from). Both are plain text
 * (lib/text.ts's PlainText checks the characters); this file holds their lengths and the one rule of
 * their own: a resolution source meant as a link is one https URL, so the widget never links a player to
 * a page sent in the clear or to a script. Pure.
 */

export const MAX_RULES_LENGTH = 2_000;
export const MAX_RESOLUTION_SOURCE_LENGTH = 300;

/** A scheme followed by "//" ("https://", "http://", "ftp://"): the text is written as a link. */
const SCHEME_WITH_SLASHES = /^([a-z][a-z0-9+.-]*):\/\//i;
/** Schemes that carry their content without "//" and that a browser would run or show as a page. */
const SCHEME_WITHOUT_SLASHES = /^(javascript|vbscript|data|file):/i;

/**
 * Whether a resolution source is meant as a link: it starts with a scheme and "//", or with one of the
 * schemes a browser runs without them (javascript:, vbscript:, data:, file:). Text that only contains a
 * link further on ("AP, https://apnews.com") is text; "Reuters: final results" is text too.
 * @example looksLikeUrl('https://www.example.org/results') // true
 * @example looksLikeUrl('Official results of the city council') // false
 */
export function looksLikeUrl(text: string): boolean {
  return SCHEME_WITH_SLASHES.test(text) || SCHEME_WITHOUT_SLASHES.test(text);
}

/**
 * What is wrong with a resolution source, in words that follow its field name, or null when it may be
 * kept. Text is kept as it is; text that looks like a URL must be one https URL with a host: no spaces,
 * no other scheme, no user name or password (a link a player follows shows where it goes).
 * @example resolutionSourceProblem('http://example.org') // 'is a URL with the http scheme; a URL must start with https://'
 * @example resolutionSourceProblem('https://example.org/results') // null
 */
export function resolutionSourceProblem(text: string): string | null {
  if (!looksLikeUrl(text)) return null;
  const scheme = (SCHEME_WITH_SLASHES.exec(text) ?? SCHEME_WITHOUT_SLASHES.exec(text))![1]!.toLowerCase();
  if (scheme !== 'https') return `is a URL with the ${scheme} scheme; a URL must start with https://`;
  if (/\s/u.test(text)) {
    return 'starts as a URL but has spaces in it: give the https URL alone, or text that does not start with a scheme';
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'starts with https:// but is not a URL that can be opened';
  }
  if (url.hostname === '') return 'starts with https:// but names no host';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password in the URL';
  return null;
}

/**
 * What is wrong with the facts a verb is given, as a whole sentence naming the field, or null: the lengths
 * and the resolution source's rule, which the wire schemas check first (they also check the characters).
 * Null and undefined are no text.
 */
export function factsProblem(facts: { rules?: string | null; resolutionSource?: string | null }): string | null {
  const { rules, resolutionSource } = facts;
  if (typeof rules === 'string' && (rules.length === 0 || rules.length > MAX_RULES_LENGTH)) {
    return `rules must be 1 to ${MAX_RULES_LENGTH.toLocaleString('en')} characters; null clears them.`;
  }
  if (typeof resolutionSource === 'string') {
    if (resolutionSource.length === 0 || resolutionSource.length > MAX_RESOLUTION_SOURCE_LENGTH) {
      return `resolution_source must be 1 to ${MAX_RESOLUTION_SOURCE_LENGTH} characters; null clears it.`;
    }
    const problem = resolutionSourceProblem(resolutionSource);
    if (problem !== null) return `resolution_source ${problem}.`;
  }
  return null;
}
