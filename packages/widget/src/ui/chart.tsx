import { useEffect, useState } from 'preact/hooks';
import type { Market } from '../store.js';
import { useWidget } from './context.js';

interface History {
  points: { ts: string; outcomes: { id: string; price: string }[] }[];
}

const WIDTH = 320;
const HEIGHT = 120;

/**
 * The first outcome's price over the last week (hourly buckets from /history, or by the minute for a
 * young market), ending at the price now, as one SVG line: a single series does not need a charting library inside a 45 KB budget.
 */
export function PriceChart({ market }: { market: Market }) {
  const { store, texts, fmt } = useWidget();
  const [history, setHistory] = useState<History | null>(null);
  useEffect(() => {
    let live = true;
    const read = (interval: string, hours: number) =>
      store.api.get<History>(
        `/v1/markets/${encodeURIComponent(market.slug)}/history?interval=${interval}&from=${new Date(Date.now() - hours * 3_600_000).toISOString()}`,
      );
    // A week by the hour; a young market (fewer than 3 hourly points) by the minute over a day.
    void (async () => {
      let res = await read('1h', 7 * 24);
      if (res.ok && res.value.points.length < 3) res = await read('1m', 24);
      if (live && res.ok) setHistory(res.value);
    })();
    return () => void (live = false);
  }, [market.slug]);
  const outcome = market.outcomes[0];
  if (!outcome) return null;
  const prices = [
    ...(history?.points ?? []).map((p) => Number(p.outcomes.find((o) => o.id === outcome.id)?.price ?? NaN)),
    Number(outcome.price),
  ].filter(Number.isFinite);
  const label = texts.t('market.chart', { outcome: outcome.title });
  if (prices.length < 2) return <p class="muted">{texts.t('market.noHistory')}</p>;
  const step = WIDTH / (prices.length - 1);
  const line = prices.map((p, i) => `${(i * step).toFixed(1)},${(HEIGHT - p * HEIGHT).toFixed(1)}`).join(' ');
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${label}: ${fmt.chance(outcome.price)}`}>
        <line x1="0" y1={HEIGHT / 2} x2={WIDTH} y2={HEIGHT / 2} class="grid" />
        <polyline points={line} fill="none" class="series" />
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
