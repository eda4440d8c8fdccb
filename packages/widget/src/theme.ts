import { THEME_TOKENS, type Theme, type ThemeToken } from '@pm/contract';

export type Scheme = 'light' | 'dark';

/** The widget's own look, per scheme: what a token neither the tenant nor the page sets falls back to. */
export const DEFAULT_THEMES: Record<Scheme, Required<Theme>> = {
  light: {
    background: '#ffffff',
    surface: '#f4f5f7',
    text: '#16181d',
    accent: '#2057d6',
    positive: '#137a3f',
    negative: '#c0262d',
    radius: '10px',
    'font-family': 'system-ui, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
    'font-size': '14px',
    spacing: '4px',
  },
  dark: {
    background: '#121419',
    surface: '#1d2027',
    text: '#eef0f4',
    accent: '#6b9bff',
    positive: '#4cc98a',
    negative: '#ff7a7f',
    radius: '10px',
    'font-family': 'system-ui, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif',
    'font-size': '14px',
    spacing: '4px',
  },
};

/**
 * Precedence (docs/widget.md, "How it behaves"): the mount() option wins over the tenant default
 * (GET /v1/widget/config), which wins over the widget default, token by token; the scheme by the same rule.
 */
export function resolveLook(
  option: { theme?: Theme; scheme?: Scheme },
  tenant: { theme: Theme; scheme: Scheme | null },
): { scheme: Scheme; theme: Required<Theme> } {
  const scheme = option.scheme ?? tenant.scheme ?? 'light';
  const theme = { ...DEFAULT_THEMES[scheme] };
  for (const token of THEME_TOKENS) {
    const value = option.theme?.[token] ?? tenant.theme[token];
    if (value !== undefined) theme[token as ThemeToken] = value;
  }
  return { scheme, theme };
}

/** sRGB channels (0–255) of a #hex or rgb()/rgba() color; null for forms it cannot read without a browser. */
export function rgbOf(color: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(color)?.[1];
  if (hex && (hex.length === 3 || hex.length === 6 || hex.length === 8)) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)/i.exec(color);
  if (!rgb) return null;
  return [rgb[1]!, rgb[2]!, rgb[3]!].map((v) =>
    v.endsWith('%') ? Math.round(parseFloat(v) * 2.55) : Math.min(255, parseFloat(v)),
  ) as [number, number, number];
}

/** The text color on the accent, derived, never a token: black or white, whichever contrasts more (WCAG). */
export function textOnAccent(accent: string): '#000000' | '#ffffff' {
  const rgb = rgbOf(accent);
  if (!rgb) return '#ffffff';
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

/** The look as CSS custom properties on the widget's host element. */
export function cssVariables(theme: Required<Theme>, accentText: string): string {
  return [...THEME_TOKENS.map((token) => `--pm-${token}: ${theme[token]};`), `--pm-on-accent: ${accentText};`].join(
    ' ',
  );
}
