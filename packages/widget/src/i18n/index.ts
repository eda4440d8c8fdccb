import { isRightToLeft } from '@pm/contract';
import type { MessageKey, Messages } from './en.js';
import { EN_CORE } from './en-core.js';

export type { MessageKey, Messages };

/** Locales that have a file under /widget/v1/locales/ (en is in the bundle too, so it is never fetched). */
export const SHIPPED_LOCALES = ['en', 'es', 'de', 'ar', 'he'] as const;

export interface Texts {
  locale: string;
  dir: 'ltr' | 'rtl';
  t(key: MessageKey, vars?: Record<string, string | number>): string;
}

/**
 * The English this page has: the bundle's (the first view's) and, once the views chunk has loaded, its
 * views' too (addEnglish). Every locale falls back to it key by key.
 */
const english: Partial<Messages> = { ...EN_CORE };

export function addEnglish(more: Partial<Messages>): void {
  Object.assign(english, more);
}

export function textsOf(locale: string, messages: Partial<Messages>): Texts {
  return {
    locale,
    dir: isRightToLeft(locale) ? 'rtl' : 'ltr',
    t: (key, vars) =>
      (messages[key] ?? english[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) =>
        String(vars?.[name] ?? `{${name}}`),
      ),
  };
}

/**
 * The texts of a locale, fetched only when needed: its file's language (es from es-MX), or English
 * when there is none or it fails to load (docs/widget.md, "How it behaves").
 */
export async function loadTexts(locale: string, bundleBase: string): Promise<Texts> {
  const language = locale.split('-')[0]!.toLowerCase();
  if (language === 'en' || !(SHIPPED_LOCALES as readonly string[]).includes(language)) return textsOf('en', english);
  try {
    const module = (await import(/* @vite-ignore */ `${bundleBase}/locales/${language}.js`)) as { default: Messages };
    return textsOf(locale, module.default);
  } catch {
    return textsOf('en', english);
  }
}
