import { useState } from 'preact/hooks';
import { sortMarkets } from '../market-order.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { MarketCard, type OpenMarket } from './market-card.js';
import { CardsSkeleton } from './skeleton.js';

/**
 * The market list, all or saved, open markets closing soonest first and ended ones last; each card
 * opens its market (market-card.tsx). `notice` says why a market the host asked for is not shown.
 */
export function MarketList({ onOpen, notice }: { onOpen: OpenMarket; notice?: string | null }) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const { markets, marketsError, saved } = useSelect((s) => ({
    markets: s.markets,
    marketsError: s.marketsError,
    saved: s.saved,
  }));
  const [onlySaved, setOnlySaved] = useState(false);
  if (marketsError && !markets)
    return (
      <ErrorNote error={marketsError}>
        <button type="button" onClick={() => void store.loadMarkets()}>
          {t('retry')}
        </button>
      </ErrorNote>
    );
  if (!markets) return <CardsSkeleton label={t('loading')} />;
  const shown = sortMarkets(onlySaved ? markets.filter((m) => saved.has(m.slug)) : markets, Date.now());
  return (
    <section aria-label={t('tab.markets')}>
      {notice && (
        <p class="note" role="status">
          {notice}
        </p>
      )}
      <div class="segmented" role="group">
        <button type="button" aria-pressed={!onlySaved} onClick={() => setOnlySaved(false)}>
          {t('markets.all')}
        </button>
        <button type="button" aria-pressed={onlySaved} onClick={() => setOnlySaved(true)}>
          {t('markets.saved')} ({fmt.number(saved.size, 0)})
        </button>
      </div>
      {shown.length === 0 && <p class="muted">{t(onlySaved ? 'markets.noneSaved' : 'markets.empty')}</p>}
      <ul class="cards">
        {shown.map((m) => (
          <MarketCard key={m.slug} market={m} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
