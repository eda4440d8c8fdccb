/**
 * The price chart in words (for its accessible description and value, and the line above the plot):
 * each outcome's price now and its change over the range, and the prices at one point of the readout.
 * Pure; every number goes through the locale's Formats. Entries stay separate so the view can isolate
 * each one (an outcome named in Latin letters inside an Arabic sentence keeps its order).
 */
import type { ChartData } from './chart-data.js';
import { changeOf } from './chart-scale.js';
import type { Formats } from './format.js';
import type { Texts } from './i18n/index.js';
import { isChange } from './price-change.js';

/**
 * One entry per outcome: "Yes 49%, up 5 points", "up 1 point": the noun agrees with the number as
 * shown (rounded to a tenth), by the plural rules of `locale`.
 */
export function changeEntries(data: ChartData, t: Texts['t'], fmt: Formats, locale: string): string[] {
  const plural = new Intl.PluralRules(locale, { maximumFractionDigits: 1 });
  return data.series.map((s) => {
    const change = changeOf(s.values);
    const points = Math.round(Math.abs(change) * 1000) / 10;
    const vars = { outcome: s.title, price: fmt.chance(s.values.at(-1) ?? 0), points: fmt.number(points, 1) };
    if (!isChange(change)) return t('chart.flat', vars);
    const one = plural.select(points) === 'one';
    if (change > 0) return t(one ? 'chart.upOne' : 'chart.up', vars);
    return t(one ? 'chart.downOne' : 'chart.down', vars);
  });
}

/** One entry per outcome with its price at point `index`: "Yes 45%". */
export function priceEntries(data: ChartData, index: number, fmt: Formats): string[] {
  return data.series.map((s) => `${s.title} ${fmt.chance(s.values[index] ?? 0)}`);
}

/** Entries as one text for screen readers: "Yes 49%, up 5 points; No 51%, down 5 points". */
export const spoken = (entries: readonly string[]) => entries.join('; ');
