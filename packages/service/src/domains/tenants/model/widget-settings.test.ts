import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS, defaultLocaleProblem, mergeWidgetSettings } from './widget-settings.js';

describe('mergeWidgetSettings', () => {
  it('replaces the fields given and keeps the others', () => {
    const first = mergeWidgetSettings(DEFAULT_WIDGET_SETTINGS, { theme: { accent: '#0af' }, scheme: 'dark' });
    expect(first).toEqual({
      ok: true,
      settings: { theme: { accent: '#0af' }, scheme: 'dark', locales: ['en'], defaultLocale: 'en', currency: null },
    });
    const second = mergeWidgetSettings(first.ok ? first.settings : DEFAULT_WIDGET_SETTINGS, { scheme: null });
    expect(second).toMatchObject({ ok: true, settings: { theme: { accent: '#0af' }, scheme: null } });
  });

  it('sets, keeps and clears the currency', () => {
    const set = mergeWidgetSettings(DEFAULT_WIDGET_SETTINGS, { currency: 'pts' });
    expect(set).toMatchObject({ ok: true, settings: { currency: 'pts' } });
    const kept = mergeWidgetSettings(set.ok ? set.settings : DEFAULT_WIDGET_SETTINGS, { scheme: 'light' });
    expect(kept).toMatchObject({ ok: true, settings: { currency: 'pts', scheme: 'light' } });
    const cleared = mergeWidgetSettings(kept.ok ? kept.settings : DEFAULT_WIDGET_SETTINGS, { currency: null });
    expect(cleared).toMatchObject({ ok: true, settings: { currency: null } });
  });

  it('stores tags in canonical case and keeps or moves the default with the locales', () => {
    expect(mergeWidgetSettings(DEFAULT_WIDGET_SETTINGS, { locales: ['EN', 'pt-br'] })).toMatchObject({
      settings: { locales: ['en', 'pt-BR'], defaultLocale: 'en' },
    });
    expect(mergeWidgetSettings(DEFAULT_WIDGET_SETTINGS, { locales: ['de', 'es'] })).toMatchObject({
      settings: { locales: ['de', 'es'], defaultLocale: 'de' },
    });
    expect(mergeWidgetSettings(DEFAULT_WIDGET_SETTINGS, { locales: ['de', 'es'], defaultLocale: 'ES' })).toMatchObject({
      settings: { defaultLocale: 'es' },
    });
  });

  it('refuses a default outside the locales', () => {
    expect(mergeWidgetSettings(DEFAULT_WIDGET_SETTINGS, { defaultLocale: 'de' })).toEqual({
      ok: false,
      path: '/widget/default_locale',
      message: 'must be one of the locales (en)',
    });
  });
});

describe('defaultLocaleProblem', () => {
  it('takes a default among the locales in any case, and names the locales otherwise', () => {
    expect(defaultLocaleProblem(['en', 'pt-BR'], 'PT-br')).toBeNull();
    expect(defaultLocaleProblem(['en', 'de'], 'es')).toBe('must be one of the locales (en, de)');
    expect(defaultLocaleProblem([], 'en')).toBe('must be one of the locales ()');
  });
});
