import { describe, expect, it } from 'vitest';
import { FONT_FAMILY_MAX, isColor, isFontFamily, isLength, themeProblems } from './theme.js';

describe('theme rules (docs/operator-api.md, "The widget\'s own routes")', () => {
  it('takes the color forms of the contract and nothing else', () => {
    for (const color of [
      '#fff',
      '#FFFFFF',
      '#11223344',
      'rgb(1, 2, 3)',
      'rgb(10%,20%,30%)',
      'rgba(1, 2, 3, 0.5)',
      'rgba(1,2,3,50%)',
      'rgb(1 2 3)',
      'rgb(1 2 3 / 0.4)',
      'hsl(120, 50%, 50%)',
      'hsl(120deg 50% 50% / 20%)',
      'hsla(-30, 10%, 90%, .3)',
    ])
      expect(isColor(color), color).toBe(true);
    for (const bad of [
      'red',
      '#ff',
      '#fffff',
      '#ggg',
      'rgb(1,2)',
      'rgb(1,2,3,4)',
      'url(x)',
      'rgb(1,2,3);background:red',
      'var(--x)',
      'hsl(1, 2, 3)',
      '',
    ])
      expect(isColor(bad), bad).toBe(false);
  });

  it('takes px and rem lengths and 0', () => {
    for (const length of ['0', '4px', '0.5rem', '.75rem', '14px', '1.125rem'])
      expect(isLength(length), length).toBe(true);
    for (const bad of ['4', '4em', '-4px', '1e3px', 'calc(1px)', '4 px', '9999px', ''])
      expect(isLength(bad), bad).toBe(false);
  });

  it('takes font names with letters, digits, spaces, underscores, hyphens, optionally quoted', () => {
    expect(isFontFamily('Inter, "Helvetica Neue", sans-serif')).toBe(true);
    expect(isFontFamily("'Noto Sans Arabic', system_ui")).toBe(true);
    expect(isFontFamily('Inter; color: red')).toBe(false);
    expect(isFontFamily('Inter,,Arial')).toBe(false);
    expect(isFontFamily('"Inter')).toBe(false);
    expect(isFontFamily('a'.repeat(FONT_FAMILY_MAX))).toBe(true);
    expect(isFontFamily('a'.repeat(FONT_FAMILY_MAX + 1))).toBe(false);
  });

  it('names every unknown token and bad value', () => {
    expect(themeProblems({ accent: '#0af', radius: '8px', 'font-size': '16px' })).toEqual([]);
    expect(themeProblems({ accent: 'blue', css: 'x', spacing: 4 }).map((p) => p.token)).toEqual([
      'accent',
      'css',
      'spacing',
    ]);
    expect(themeProblems([])).toHaveLength(1);
  });
});
