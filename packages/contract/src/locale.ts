/**
 * Locales of the widget (docs/widget.md, "How it behaves"): which tags are well formed, which locale a mount shows, and
 * which are written right to left. Shared by the platform API (tenant settings) and the widget.
 */

/** The locale every widget can show; the last step of resolution. */
export const FALLBACK_LOCALE = 'en';

/**
 * A BCP 47 language tag of the forms a widget can have text for: language, optional script, optional
 * region, optional variants ("en", "pt-BR", "zh-Hant-TW", "de-CH-1996"). Extensions and private use
 * are refused: no locale text is ever published under them.
 */
const TAG = /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*$/i;

/** Languages written right to left (the widget ships ar and he). */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

export function isLocaleTag(tag: string): boolean {
  return tag.length <= 35 && TAG.test(tag);
}

/** The canonical case of a tag: language lower, script title, region upper ("zh-hant-tw" → "zh-Hant-TW"). */
export function canonicalLocale(tag: string): string {
  return tag
    .split('-')
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.length === 4 && /^[a-z]+$/i.test(part)) return part[0]!.toUpperCase() + part.slice(1).toLowerCase();
      if (part.length === 2 || (part.length === 3 && /^\d+$/.test(part))) return part.toUpperCase();
      return part.toLowerCase();
    })
    .join('-');
}

/**
 * The locale a widget shows: the requested one if the tenant enables it, then the tenant default, then
 * en. Tags compare case-insensitively; nothing is guessed from the browser or the location.
 */
export function resolveLocale(
  requested: string | undefined,
  enabled: readonly string[],
  tenantDefault: string,
): string {
  const find = (tag: string | undefined) =>
    tag === undefined ? undefined : enabled.find((e) => e.toLowerCase() === tag.toLowerCase());
  return find(requested) ?? find(tenantDefault) ?? FALLBACK_LOCALE;
}

export function isRightToLeft(locale: string): boolean {
  return RIGHT_TO_LEFT.has(locale.split('-')[0]!.toLowerCase());
}
