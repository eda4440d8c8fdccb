import { canonicalLocale, FALLBACK_LOCALE, type Theme } from '@pm/contract';

/** A tenant environment's widget settings, as stored and as GET /v1/widget/config shows them. */
export interface WidgetSettings {
  theme: Theme;
  scheme: 'light' | 'dark' | null;
  locales: string[];
  defaultLocale: string;
  /** An ISO 4217 code or a short unit text, display only; null shows plain amounts. */
  currency: string | null;
}

/** What a tenant environment without settings answers. */
export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = {
  theme: {},
  scheme: null,
  locales: [FALLBACK_LOCALE],
  defaultLocale: FALLBACK_LOCALE,
  currency: null,
};

/** A PUT's widget object: each field given replaces the stored one; a field left out keeps it. */
export interface WidgetChanges {
  theme?: Theme;
  scheme?: 'light' | 'dark' | null;
  locales?: string[];
  defaultLocale?: string;
  currency?: string | null;
}

export type MergedSettings = { ok: true; settings: WidgetSettings } | { ok: false; path: string; message: string };

/**
 * The settings after a change. Tags are stored in canonical case. Locales given without a default keep
 * the stored default when it is still enabled, else take the first locale; a default outside the locales
 * is refused, naming the field (docs/platform-api.md).
 */
export function mergeWidgetSettings(current: WidgetSettings, changes: WidgetChanges): MergedSettings {
  const locales = changes.locales?.map(canonicalLocale) ?? current.locales;
  const requested = changes.defaultLocale === undefined ? undefined : canonicalLocale(changes.defaultLocale);
  const kept = locales.includes(current.defaultLocale) ? current.defaultLocale : locales[0]!;
  const defaultLocale = requested ?? kept;
  const problem = defaultLocaleProblem(locales, defaultLocale);
  if (problem !== null) return { ok: false, path: '/widget/default_locale', message: problem };
  return {
    ok: true,
    settings: {
      theme: changes.theme ?? current.theme,
      scheme: changes.scheme === undefined ? current.scheme : changes.scheme,
      locales,
      defaultLocale,
      currency: changes.currency === undefined ? current.currency : changes.currency,
    },
  };
}

/** Why a default locale cannot go with these locales, or null: it must be one of them (tags in any case). */
export function defaultLocaleProblem(locales: readonly string[], defaultLocale: string): string | null {
  const canonical = locales.map(canonicalLocale);
  return canonical.includes(canonicalLocale(defaultLocale))
    ? null
    : `must be one of the locales (${canonical.join(', ')})`;
}
