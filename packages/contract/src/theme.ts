/**
 * The widget's theme tokens (docs/operator-api.md, "The widget's own routes"): a closed set, each with its rule. The
 * platform API refuses a tenant theme that breaks them and the widget refuses a mount() theme that does, with the same
 * words, because both import this file.
 */

export const COLOR_TOKENS = ['background', 'surface', 'text', 'accent', 'positive', 'negative'] as const;
export const LENGTH_TOKENS = ['radius', 'font-size', 'spacing'] as const;
export const THEME_TOKENS = [...COLOR_TOKENS, ...LENGTH_TOKENS, 'font-family'] as const;

export type ThemeToken = (typeof THEME_TOKENS)[number];
export type Theme = Partial<Record<ThemeToken, string>>;

/** font-family values are at most this long. */
export const FONT_FAMILY_MAX = 200;

export interface ThemeProblem {
  token: string;
  message: string;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`(?:\d{1,3}(?:\.\d+)?|\.\d+)`;
const PERCENT = String.raw`${NUMBER}%`;
const ALPHA = String.raw`(?:${NUMBER}%?)`;
const HUE = String.raw`-?${NUMBER}(?:deg)?`;
const fn = (name: string, parts: string[], alpha: 'none' | 'comma' | 'slash') => {
  const body =
    alpha === 'slash'
      ? String.raw`${parts.join(String.raw`\s+`)}(?:\s*/\s*${ALPHA})?`
      : parts.join(String.raw`\s*,\s*`);
  const tail = alpha === 'comma' ? String.raw`\s*,\s*${ALPHA}` : '';
  return String.raw`${name}\(\s*${body}${tail}\s*\)`;
};
/** rgb()/rgba()/hsl()/hsla() in their comma forms and the space form with an optional "/ alpha". */
const FUNCTIONAL = new RegExp(
  '^(?:' +
    [
      fn('rgb', [NUMBER, NUMBER, NUMBER], 'none'),
      fn('rgb', [PERCENT, PERCENT, PERCENT], 'none'),
      fn('rgba', [NUMBER, NUMBER, NUMBER], 'comma'),
      fn('rgba', [PERCENT, PERCENT, PERCENT], 'comma'),
      fn('rgba?', [NUMBER, NUMBER, NUMBER], 'slash'),
      fn('hsl', [HUE, PERCENT, PERCENT], 'none'),
      fn('hsla', [HUE, PERCENT, PERCENT], 'comma'),
      fn('hsla?', [HUE, PERCENT, PERCENT], 'slash'),
    ].join('|') +
    ')$',
  'i',
);
const LENGTH = /^(?:0|(?:\d{1,3}(?:\.\d{1,3})?|\.\d{1,3})(?:px|rem))$/;
/** A font name: letters, digits, spaces, underscores and hyphens, optionally in matching quotes. */
const FONT_NAME = /^(?:[\p{L}\p{N} _-]+|"[\p{L}\p{N} _-]+"|'[\p{L}\p{N} _-]+')$/u;

export function isThemeToken(token: string): token is ThemeToken {
  return (THEME_TOKENS as readonly string[]).includes(token);
}

export function isColor(value: string): boolean {
  return HEX.test(value) || FUNCTIONAL.test(value);
}

/** A px or rem length, or 0. */
export function isLength(value: string): boolean {
  return LENGTH.test(value);
}

export function isFontFamily(value: string): boolean {
  if (value.length === 0 || value.length > FONT_FAMILY_MAX) return false;
  return value.split(',').every((name) => name.trim() !== '' && FONT_NAME.test(name.trim()));
}

/** Why one token's value breaks its rule, or null when it is fine. */
export function themeValueProblem(token: ThemeToken, value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string';
  if ((COLOR_TOKENS as readonly string[]).includes(token)) {
    return isColor(value) ? null : 'must be a color: #rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl() or hsla()';
  }
  if ((LENGTH_TOKENS as readonly string[]).includes(token)) {
    return isLength(value) ? null : 'must be a px or rem length, or 0';
  }
  return isFontFamily(value)
    ? null
    : `must be comma-separated font names of letters, digits, spaces, underscores and hyphens, optionally quoted, at most ${FONT_FAMILY_MAX} characters`;
}

/** Every problem of a theme: unknown tokens and bad values, in the order given. Empty means valid. */
export function themeProblems(theme: unknown): ThemeProblem[] {
  if (typeof theme !== 'object' || theme === null || Array.isArray(theme)) {
    return [{ token: '', message: 'must be an object of theme tokens' }];
  }
  const problems: ThemeProblem[] = [];
  for (const [token, value] of Object.entries(theme)) {
    if (!isThemeToken(token)) {
      problems.push({ token, message: `is not a theme token; the tokens are ${THEME_TOKENS.join(', ')}` });
      continue;
    }
    const message = themeValueProblem(token, value);
    if (message !== null) problems.push({ token, message });
  }
  return problems;
}
