import { describe, expect, it } from 'vitest';
import { canonicalLocale, isLocaleTag, isRightToLeft, resolveLocale } from './locale.js';

describe('locale rules (docs/widget.md, "How it behaves")', () => {
  it('takes well-formed language tags', () => {
    for (const tag of ['en', 'es', 'pt-BR', 'zh-Hant-TW', 'es-419', 'de-CH-1996'])
      expect(isLocaleTag(tag), tag).toBe(true);
    for (const bad of ['', 'e', 'english', 'en_US', 'en-', 'x-private', 'en-u-ca-buddhist', '../en'])
      expect(isLocaleTag(bad), bad).toBe(false);
  });

  it('writes tags in their canonical case', () => {
    expect(canonicalLocale('ZH-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLocale('es-419')).toBe('es-419');
  });

  it('resolves the requested locale, then the tenant default, then en', () => {
    expect(resolveLocale('de', ['en', 'de'], 'en')).toBe('de');
    expect(resolveLocale('DE', ['en', 'de'], 'en')).toBe('de');
    expect(resolveLocale('fr', ['en', 'de'], 'de')).toBe('de');
    expect(resolveLocale(undefined, ['es'], 'es')).toBe('es');
    expect(resolveLocale('fr', ['es'], 'it')).toBe('en');
  });

  it('knows the right-to-left languages', () => {
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('he-IL')).toBe(true);
    expect(isRightToLeft('en')).toBe(false);
  });
});
