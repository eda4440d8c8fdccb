import { COLOR_TOKENS } from '@pm/contract';

/**
 * What the widget itself ships (docs/widget.md, "How it behaves"), for the forms that set a tenant's widget
 * settings: the locales it has texts for, and the colours it shows for a token no tenant sets. The widget
 * keeps its own copy (packages/widget/src/i18n and theme.ts); test/widget-look.test.ts checks the two agree.
 */
export const WIDGET_LOCALES = ['en', 'es', 'de', 'ar', 'he'] as const;

export type ColourToken = (typeof COLOR_TOKENS)[number];

export const WIDGET_DEFAULT_COLOURS: Record<'light' | 'dark', Record<ColourToken, string>> = {
  light: {
    background: '#ffffff',
    surface: '#f4f5f7',
    text: '#16181d',
    accent: '#2057d6',
    positive: '#137a3f',
    negative: '#c0262d',
  },
  dark: {
    background: '#121419',
    surface: '#1d2027',
    text: '#eef0f4',
    accent: '#6b9bff',
    positive: '#4cc98a',
    negative: '#ff7a7f',
  },
};
