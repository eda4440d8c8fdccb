import { describe, expect, it } from 'vitest';
import { DEFAULT_THEMES, resolveLook, textOnAccent } from './theme.js';

describe('resolveLook: the option over the tenant over the default', () => {
  it('takes each token and the scheme from the first that sets it', () => {
    const look = resolveLook(
      { theme: { accent: '#111111' }, scheme: undefined },
      { theme: { accent: '#222222', surface: '#333333' }, scheme: 'dark' },
    );
    expect(look.scheme).toBe('dark');
    expect(look.theme.accent).toBe('#111111');
    expect(look.theme.surface).toBe('#333333');
    expect(look.theme.background).toBe(DEFAULT_THEMES.dark.background);
  });

  it('lets the option scheme win, and defaults to light', () => {
    expect(resolveLook({ scheme: 'light' }, { theme: {}, scheme: 'dark' }).scheme).toBe('light');
    expect(resolveLook({}, { theme: {}, scheme: null }).scheme).toBe('light');
  });
});

describe('textOnAccent', () => {
  it('picks the text color with more contrast', () => {
    expect(textOnAccent('#ffeb3b')).toBe('#000000');
    expect(textOnAccent('#1a237e')).toBe('#ffffff');
    expect(textOnAccent('rgb(255, 255, 255)')).toBe('#000000');
  });
});
