import { useRef, useState } from 'preact/hooks';
import { newIdempotencyKey, outcomeUnknown, type ApiFailure } from '../api.js';
import { minPriceFor } from '../format.js';
import type { MessageKey } from '../i18n/index.js';
import type { Position } from '../store.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';

/** What closing pays now (POST /v1/positions/{id}/close-quote). */
interface Quote {
  proceeds: string;
  close_price: string;
}

/** Slippage of a close: the quote may fall this much before the close refuses with price_moved. */
const CLOSE_SLIPPAGE = 0.02;

/**
 * Close in two steps: a quote, then a confirm that sends min_price from it. The confirm is one intent
 * with one key; a retry after a network failure re-sends it unchanged.
 */
function CloseFlow({ position }: { position: Position }) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const intent = useRef<{ key: string; body: { min_price: string } } | null>(null);

  const ask = async () => {
    setBusy(true);
    setError(null);
    const res = await store.api.send<Quote>('POST', `/v1/positions/${position.id}/close-quote`);
    setBusy(false);
    if (res.ok) setQuote(res.value);
    else setError(res.error);
  };
  const confirm = async () => {
    if (!quote) return;
    intent.current ??= {
      key: newIdempotencyKey(),
      body: { min_price: minPriceFor(quote.close_price, CLOSE_SLIPPAGE) },
    };
    setBusy(true);
    setError(null);
    const current = intent.current;
    const res = await store.api.send<Position>('POST', `/v1/positions/${position.id}/close`, current.body, current.key);
    setBusy(false);
    if (res.ok) {
      intent.current = null;
      setQuote(null);
      store.applyPosition(res.value);
      void store.poll([position.market_slug]);
      return;
    }
    if (!outcomeUnknown(res.error)) intent.current = null;
    if (res.error.code === 'price_moved') setQuote(null);
    setError(res.error);
  };

  return (
    <div class="close">
      {!quote && (
        <button type="button" disabled={busy} onClick={() => void ask()}>
          {t('positions.close')}
        </button>
      )}
      {quote && (
        <div class="note" role="status">
          <p>
            {t('positions.quote', {
              proceeds: fmt.money(quote.proceeds),
              price: fmt.percent(quote.close_price),
            })}
          </p>
          <div class="actions">
            <button type="button" class="primary" disabled={busy} onClick={() => void confirm()}>
              {t('positions.confirmClose', { proceeds: fmt.money(quote.proceeds) })}
            </button>
            <button type="button" disabled={busy} onClick={() => setQuote(null)}>
              {t('positions.cancel')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <ErrorNote error={error}>
          {error.code === 'price_moved' && (
            <button type="button" onClick={() => void ask()}>
              {t('error.requote')}
            </button>
          )}
          {intent.current && (
            <button type="button" onClick={() => void confirm()}>
              {t('retry')}
            </button>
          )}
        </ErrorNote>
      )}
    </div>
  );
}

function PositionRow({ position }: { position: Position }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const market = useSelect((s) => s.markets?.find((m) => m.slug === position.market_slug));
  const outcome = market?.outcomes.find((o) => o.id === position.outcome_id);
  return (
    <li class="card position">
      <div>
        <span class="title" dir="auto">
          {market?.title ?? position.market_slug}
        </span>
        <span class="muted">
          {outcome?.title} ·{' '}
          {t('positions.stake', {
            stake: fmt.money(position.stake),
            price: fmt.percent(position.price),
          })}
        </span>
        {position.payout !== null && <span>{t('positions.payout', { payout: fmt.money(position.payout) })}</span>}
      </div>
      <span class={`badge ${position.state}`}>{t(`state.${position.state}` as MessageKey)}</span>
      {position.state === 'open' && <CloseFlow position={position} />}
    </li>
  );
}

/** The user's positions: open first (with close), then the ended ones. */
export function Portfolio() {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const positions = useSelect((s) => [...s.positions.values()].reverse());
  const open = positions.filter((p) => p.state === 'open');
  const ended = positions.filter((p) => p.state !== 'open');
  if (positions.length === 0) return <p class="muted">{t('positions.empty')}</p>;
  return (
    <section aria-label={t('tab.portfolio')}>
      <h2>{t('positions.open')}</h2>
      <ul class="cards rows">
        {open.map((p) => (
          <PositionRow key={p.id} position={p} />
        ))}
      </ul>
      {ended.length > 0 && <h2>{t('positions.ended')}</h2>}
      <ul class="cards rows">
        {ended.map((p) => (
          <PositionRow key={p.id} position={p} />
        ))}
      </ul>
    </section>
  );
}
