import { useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import type { MessageKey } from '../i18n/index.js';
import type { Market } from '../store.js';
import { PriceChart } from './chart.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { Ticket } from './ticket.js';

function StatusBadge({ status }: { status: Market['status'] }) {
  const { texts, fmt } = useWidget();
  return <span class={`badge ${status}`}>{texts.t(`status.${status}` as MessageKey)}</span>;
}

function SaveToggle({ market }: { market: Market }) {
  const { store, texts, fmt } = useWidget();
  const saved = useSelect((s) => s.saved.has(market.slug));
  const [error, setError] = useState<ApiFailure | null>(null);
  return (
    <>
      <button
        type="button"
        class="icon"
        aria-pressed={saved}
        aria-label={texts.t(saved ? 'markets.unsave' : 'markets.save', { title: market.title })}
        onClick={async () => setError(await store.toggleSaved(market.slug))}
      >
        {saved ? '★' : '☆'}
      </button>
      {error && <ErrorNote error={error} />}
    </>
  );
}

/** One market in full: prices, the chart, the ticket. */
export function MarketDetail({ market, onBack }: { market: Market; onBack: () => void }) {
  const { texts, fmt } = useWidget();
  return (
    <section class="detail" aria-labelledby={`pm-title-${market.slug}`}>
      <div class="bar">
        <button type="button" onClick={onBack}>
          <span aria-hidden="true">{texts.dir === 'rtl' ? '→' : '←'}</span> {texts.t('back')}
        </button>
        <SaveToggle market={market} />
      </div>
      <h2 id={`pm-title-${market.slug}`} dir="auto">
        {market.title}
      </h2>
      <p>
        <StatusBadge status={market.status} />{' '}
        <span class="muted">{texts.t('market.closes', { date: fmt.date(market.closes_at) })}</span>
      </p>
      <PriceChart market={market} />
      <Ticket market={market} />
    </section>
  );
}

/** The market list, all or saved, each row opening its market. */
export function MarketList({ onOpen }: { onOpen: (slug: string) => void }) {
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
  if (!markets)
    return (
      <p class="muted" aria-busy="true">
        {t('loading')}
      </p>
    );
  const shown = onlySaved ? markets.filter((m) => saved.has(m.slug)) : markets;
  return (
    <section aria-label={t('tab.markets')}>
      <div class="segmented" role="group">
        <button type="button" aria-pressed={!onlySaved} onClick={() => setOnlySaved(false)}>
          {t('markets.all')}
        </button>
        <button type="button" aria-pressed={onlySaved} onClick={() => setOnlySaved(true)}>
          {t('markets.saved')} ({saved.size})
        </button>
      </div>
      {shown.length === 0 && <p class="muted">{t('markets.empty')}</p>}
      <ul class="cards">
        {shown.map((m) => (
          <li key={m.slug} class="card">
            <button type="button" class="open" onClick={() => onOpen(m.slug)}>
              <span class="title" dir="auto">
                {m.title}
              </span>
              <span class="prices">
                {m.outcomes.map((o) => (
                  <span key={o.id} class="price">
                    {o.title} <strong>{fmt.chance(o.price)}</strong>
                  </span>
                ))}
              </span>
              <StatusBadge status={m.status} />
            </button>
            <SaveToggle market={m} />
          </li>
        ))}
      </ul>
    </section>
  );
}
