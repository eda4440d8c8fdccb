/**
 * A theme colour as an <input type="color"> can show it (#rrggbb, lower case), or null when it cannot: the
 * contract's colour forms (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla()) lose only their alpha.
 * The text beside the picker keeps the value as the tenant set it.
 */
export function pickerColour(value: string): string | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6)}`;
  const fn = /^(rgba?|hsla?)\((.*)\)$/.exec(text);
  if (!fn) return null;
  const parts = fn[2]!
    .split(/\s*\/\s*|\s*,\s*|\s+/)
    .filter((p) => p !== '')
    .slice(0, 3);
  if (parts.length < 3) return null;
  const numbers = parts.map((p) => parseFloat(p));
  if (numbers.some((n) => !Number.isFinite(n))) return null;
  const rgb = fn[1]!.startsWith('rgb')
    ? parts.map((p, i) => (p.endsWith('%') ? (numbers[i]! / 100) * 255 : numbers[i]!))
    : hslToRgb(numbers[0]!, numbers[1]! / 100, numbers[2]! / 100);
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** CSS's hsl() to sRGB channels of 0–255 (CSS Color 4, "Converting HSL colors to sRGB"). */
function hslToRgb(hue: number, saturation: number, lightness: number): number[] {
  const h = ((hue % 360) + 360) % 360;
  const s = Math.min(1, Math.max(0, saturation));
  const l = Math.min(1, Math.max(0, lightness));
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return [channel(0), channel(8), channel(4)];
}
