import { isLocaleTag, themeProblems, type Theme } from '@pm/contract';

/** The options of mount() (docs/guides/embedding.md, "The options of `mount`"). */
export interface MountOptions {
  target: Element;
  sessionToken: string;
  onSessionExpired: () => void;
  apiBaseUrl?: string;
  locale?: string;
  scheme?: 'light' | 'dark';
  theme?: Theme;
  /** A market's slug: the widget opens on it, with the list one tap away. */
  market?: string;
}

const KNOWN = new Set([
  'target',
  'sessionToken',
  'onSessionExpired',
  'apiBaseUrl',
  'locale',
  'scheme',
  'theme',
  'market',
]);

/** When a token expires (ms); null when it is not a token this service issues. */
export function tokenExpiry(token: string): number | null {
  return claimMs(token, 'exp');
}

/** When a token was issued (ms); null when it does not say. */
export function tokenIssuedAt(token: string): number | null {
  return claimMs(token, 'iat');
}

function claimMs(token: string, claim: 'exp' | 'iat'): number | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const json = atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const value = (JSON.parse(json) as Record<string, unknown>)[claim];
    return typeof value === 'number' && Number.isFinite(value) ? value * 1000 : null;
  } catch {
    return null;
  }
}

/** http or https, a host, an optional port; no path (not even "/"), query, hash or credentials. */
export function isApiBaseUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && value === url.origin;
}

const isElement = (value: unknown): value is Element =>
  typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === 1;

/**
 * Why mount() must refuse these options, or null when they are sound (docs/widget.md, "How it behaves"): the API
 * key is never a session token (pmk_), an unknown option is a typo the host wants to hear about.
 */
export function optionsProblem(options: unknown): string | null {
  if (typeof options !== 'object' || options === null) return 'mount() takes one options object.';
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!KNOWN.has(key)) return `Unknown option "${key}".`;
  if (!isElement(o.target)) return 'target must be a DOM element to mount into.';
  if (typeof o.sessionToken !== 'string' || o.sessionToken === '') return 'sessionToken is required.';
  if (o.sessionToken.startsWith('pmk_'))
    return 'sessionToken is a tenant API key (pmk_…). Never put the API key in a page: mint a widget session on your server.';
  if (tokenExpiry(o.sessionToken) === null) return 'sessionToken is not a widget session token.';
  if (typeof o.onSessionExpired !== 'function') return 'onSessionExpired must be a function.';
  if (o.apiBaseUrl !== undefined && (typeof o.apiBaseUrl !== 'string' || !isApiBaseUrl(o.apiBaseUrl)))
    return 'apiBaseUrl must be http(s)://host[:port] with no path, query or hash.';
  if (o.locale !== undefined && (typeof o.locale !== 'string' || !isLocaleTag(o.locale)))
    return 'locale must be a BCP 47 language tag such as en or pt-BR.';
  if (o.scheme !== undefined && o.scheme !== 'light' && o.scheme !== 'dark') return 'scheme must be "light" or "dark".';
  if (o.market !== undefined && (typeof o.market !== 'string' || !/^[a-z0-9-]{1,64}$/.test(o.market)))
    return 'market must be a market slug: 1 to 64 lower-case letters, digits and hyphens.';
  if (o.theme !== undefined) {
    const problem = themeProblems(o.theme)[0];
    if (problem) return `theme${problem.token ? `["${problem.token}"]` : ''} ${problem.message}.`;
  }
  return null;
}
