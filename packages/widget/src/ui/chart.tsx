import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  CHART_RANGES,
  chartData,
  ENOUGH_POINTS,
  hasHistory,
  historyPlan,
  type ChartRange,
  type HistoryAnswer,
  type TrailPoint,
} from '../chart-data.js';
import { HistoryCache } from '../chart-cache.js';
import type { MessageKey } from '../i18n/index.js';
import type { Market, Store } from '../store.js';
import { ChartPlot } from './chart-plot.js';
import { useWidget } from './context.js';

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; answer: HistoryAnswer };

/** One cache of /history answers per widget (chart-cache.ts). */
const caches = new WeakMap<Store, HistoryCache<HistoryAnswer>>();
/** Per widget and market, the prices seen change while a chart was on screen, at the moment seen. */
const trails = new WeakMap<Store, Map<string, TrailPoint[]>>();
/** Points a market's trail keeps: older ones are in any history read since. */
const TRAIL_POINTS = 500;

function trailOf(store: Store, slug: string): TrailPoint[] {
  let markets = trails.get(store);
  if (!markets) trails.set(store, (markets = new Map()));
  let trail = markets.get(slug);
  if (!trail) markets.set(slug, (trail = []));
  return trail;
}

/**
 * The market's prices over a range (1D, 1W, All) from /history, every outcome its own colour, ending at
 * the price now (which moves with the stream). Loading shows a box the plot's size; a failure says so
 * with a Retry. Right-to-left locales mirror the range buttons, the legend and the words, while time
 * in the plot still runs left to right, as Arabic and Hebrew financial charts draw it.
 */
export function PriceChart({ market }: { market: Market }) {
  const { store, texts } = useWidget();
  const t = texts.t;
  const [range, setRange] = useState<ChartRange>('week');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const lastAttempt = useRef(0);

  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new HistoryCache()));

  useEffect(() => {
    let live = true;
    // A Retry asks again whatever is kept.
    const retry = attempt !== lastAttempt.current;
    lastAttempt.current = attempt;
    const kept = retry ? null : cache.get(market.slug, range, Date.now());
    if (kept) {
      setLoaded({ kind: 'ready', answer: kept });
      return;
    }
    setLoaded({ kind: 'loading' });
    void (async () => {
      const plan = historyPlan(range, market.opens_at, new Date());
      for (const [i, query] of plan.entries()) {
        const params = new URLSearchParams({ interval: query.interval, from: query.from, to: query.to });
        const res = await store.api.get<HistoryAnswer>(
          `/v1/markets/${encodeURIComponent(market.slug)}/history?${params}`,
        );
        if (!live) return;
        if (!res.ok) return setLoaded({ kind: 'failed' });
        // A young market: its changes fit in a few buckets, so the next, finer interval shows them.
        if (res.value.points.length >= ENOUGH_POINTS || i === plan.length - 1) {
          cache.set(market.slug, range, res.value, Date.now());
          return setLoaded({ kind: 'ready', answer: res.value });
        }
      }
    })();
    return () => void (live = false);
  }, [market.slug, range, attempt]);

  // Every price change seen (a trade, the stream, a poll) becomes a point at its moment, so the line
  // ends at the price the legend shows and a change seen before the last one is not lost.
  const prices = market.outcomes.map((o) => o.price).join(' ');
  const trail = trailOf(store, market.slug);
  // The prices on screen when the chart came are not a change: only what moves them after is.
  const seen = useRef(prices);
  useEffect(() => {
    if (prices === seen.current) return;
    seen.current = prices;
    trail.push({ at: Date.now(), prices: market.outcomes.map(({ id, price }) => ({ id, price })) });
    if (trail.length > TRAIL_POINTS) trail.splice(0, trail.length - TRAIL_POINTS);
  }, [prices]);
  const settled =
    (market.status === 'resolved' || market.status === 'voided') && market.resolved_at
      ? { at: Date.parse(market.resolved_at), winner: market.status === 'resolved' ? market.resolved_outcome_id : null }
      : null;
  const data = useMemo(
    () => (loaded.kind === 'ready' ? chartData(loaded.answer, market.outcomes, new Date(), trail, settled) : null),
    [loaded, prices, market.status, market.resolved_at, market.resolved_outcome_id],
  );
  return (
    <figure class="chart" data-range={range}>
      <div class="chart-head">
        {!(data && hasHistory(data)) && <Legend market={market} />}
        <div class="segmented ranges" role="group" aria-label={t('chart.ranges')}>
          {CHART_RANGES.map((r) => (
            <button key={r} type="button" aria-pressed={range === r} onClick={() => setRange(r)}>
              {t(`chart.${r}` as MessageKey)}
            </button>
          ))}
        </div>
      </div>
      {loaded.kind === 'loading' && (
        <div class="chart-box chart-skeleton" role="status" aria-busy="true" aria-label={t('loading')} />
      )}
      {loaded.kind === 'failed' && (
        <div class="chart-box note error" role="alert">
          <p>{t('chart.failed')}</p>
          <button type="button" onClick={() => setAttempt((a) => a + 1)}>
            {t('retry')}
          </button>
        </div>
      )}
      {data && !hasHistory(data) && <p class="chart-box chart-empty muted">{t('chart.noHistory')}</p>}
      {data && hasHistory(data) && <ChartPlot data={data} name={t(`chart.name.${range}` as MessageKey)} />}
    </figure>
  );
}

/**
 * Before there is a line to draw: each outcome's colour, name and price now; on a settled market what
 * it settled at instead (the winner 1, the others 0), and on a voided one no price (every stake was
 * refunded). Once a line is drawn its readout is the legend (chart-plot.tsx), so there is one, and it
 * says where each line ends (a voided market's, where its prices stood when it was voided).
 */
function Legend({ market }: { market: Market }) {
  const { fmt } = useWidget();
  const price = (o: Market['outcomes'][number]) => {
    if (market.status === 'voided') return null;
    if (market.status === 'resolved') return o.id === market.resolved_outcome_id ? 1 : 0;
    return o.price;
  };
  return (
    <ul class="legend">
      {market.outcomes.map((o, i) => {
        const shown = price(o);
        return (
          <li key={o.id} class={`s${i % 7}`}>
            <span class="swatch" aria-hidden="true" />
            <span dir="auto">{o.title}</span>
            {shown !== null && (
              <>
                {' '}
                <strong>{fmt.chance(shown)}</strong>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
