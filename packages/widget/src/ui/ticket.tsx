import { useEffect, useRef, useState } from 'preact/hooks';
import { newIdempotencyKey, outcomeUnknown, type ApiFailure } from '../api.js';
import { maxPriceFor, stakeOf } from '../format.js';
import type { Market, Position } from '../store.js';
import { useWidget } from './context.js';
import { ErrorNote } from './error-note.js';

const SLIPPAGES = [0.01, 0.02, 0.05, 0.1];

/** What the stake would pay now (POST /v1/positions/quote). */
interface Quote {
  stake: string;
  outcome_id: string;
  price: string;
  shares: string;
}

/** Typing settles this long before the ticket asks for a new quote. */
const QUOTE_DEBOUNCE_MS = 300;

/** One open the user means: its key and body stay the same through every retry of it (spec 4.1). */
interface Intent {
  key: string;
  body: { market_slug: string; outcome_id: string; stake: string; max_price: string };
}

/**
 * The trade ticket: an outcome, a stake, the price it would pay now (quoted by the server, which moves
 * with the stake) and a slippage tolerance over that price that becomes max_price. Confirming creates one intent; "try again" after a network failure re-sends that
 * intent unchanged, so a double click or a flaky connection never buys twice. A price_moved answer
 * ends the intent: the user re-quotes and confirms a new one.
 */
export function Ticket({ market }: { market: Market }) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const [outcomeId, setOutcomeId] = useState(market.outcomes[0]?.id ?? '');
  const [stakeText, setStakeText] = useState('10');
  const [slippage, setSlippage] = useState(0.02);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [done, setDone] = useState<Position | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<ApiFailure | null>(null);
  const [requotes, setRequotes] = useState(0);
  const intent = useRef<Intent | null>(null);

  const outcome = market.outcomes.find((o) => o.id === outcomeId) ?? market.outcomes[0];
  const stake = stakeOf(stakeText);
  // A new quote when the stake or the outcome changes, or on a re-quote; not on every price move of a busy
  // market (quotes share the tenant's default tier): the slippage tolerance covers small moves, and a
  // price_moved answer offers the re-quote.
  useEffect(() => {
    setQuoteError(null);
    if (!stake || !outcome || market.status !== 'open') return;
    let live = true;
    const timer = setTimeout(async () => {
      const body = { market_slug: market.slug, outcome_id: outcome.id, stake };
      const res = await store.api.send<Quote>('POST', '/v1/positions/quote', body);
      if (!live) return;
      if (res.ok) setQuote(res.value);
      else setQuoteError(res.error);
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [stake, outcome?.id, market.status, requotes]);

  if (!outcome) return null;
  const current = quote && quote.stake === stake && quote.outcome_id === outcome.id ? quote : null;
  const maxPrice = current ? maxPriceFor(current.price, slippage) : null;

  const send = async (fresh: boolean) => {
    if (fresh || !intent.current) {
      if (!stake || !maxPrice) return;
      intent.current = {
        key: newIdempotencyKey(),
        body: { market_slug: market.slug, outcome_id: outcome.id, stake, max_price: maxPrice },
      };
    }
    const current = intent.current;
    setSending(true);
    setError(null);
    setDone(null);
    const res = await store.api.send<Position>('POST', '/v1/positions', current.body, current.key);
    setSending(false);
    if (res.ok) {
      intent.current = null;
      setDone(res.value);
      store.applyPosition(res.value);
      void store.poll([market.slug]);
      return;
    }
    // Only a failure whose outcome is unknown keeps the intent, for a same-key retry.
    if (!outcomeUnknown(res.error)) intent.current = null;
    if (res.error.code === 'market_suspended' || res.error.code === 'validation_failed') void store.loadMarkets();
    setError(res.error);
  };

  if (market.status !== 'open') return <p class="note">{t('ticket.notOpen')}</p>;
  // An open whose outcome is unknown is pending: until it is settled, the ticket re-sends exactly it.
  const pending = intent.current !== null;
  const stakeId = `pm-stake-${market.slug}`;
  const slipId = `pm-slip-${market.slug}`;
  return (
    <form
      class="ticket"
      aria-label={t('ticket.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void send(!pending);
      }}
    >
      <fieldset disabled={pending}>
        <legend>{t('ticket.outcome')}</legend>
        <div class="choices">
          {market.outcomes.map((o) => (
            <label key={o.id} class={o.id === outcome.id ? 'choice selected' : 'choice'}>
              <input
                type="radio"
                name={`pm-outcome-${market.slug}`}
                value={o.id}
                checked={o.id === outcome.id}
                onChange={() => setOutcomeId(o.id)}
              />
              <span>{o.title}</span>
              <strong>{fmt.chance(o.price)}</strong>
            </label>
          ))}
        </div>
      </fieldset>
      <div class="row">
        <label for={stakeId}>{t('ticket.stake')}</label>
        <input
          id={stakeId}
          disabled={pending}
          inputMode="decimal"
          autoComplete="off"
          value={stakeText}
          aria-invalid={stake === null}
          onInput={(e) => setStakeText((e.target as HTMLInputElement).value)}
        />
      </div>
      <div class="row">
        <label for={slipId}>{t('ticket.slippage')}</label>
        <select
          id={slipId}
          disabled={pending}
          value={String(slippage)}
          onChange={(e) => setSlippage(Number((e.target as HTMLSelectElement).value))}
        >
          {SLIPPAGES.map((s) => (
            <option key={s} value={String(s)}>
              +{s * 100}%
            </option>
          ))}
        </select>
      </div>
      <dl class="facts" aria-live="polite">
        <div>
          <dt>{t('ticket.price')}</dt>
          <dd>{current ? fmt.percent(current.price) : '…'}</dd>
        </div>
        {current && maxPrice && (
          <>
            <div>
              <dt class="muted">{t('ticket.maxPrice', { price: fmt.percent(maxPrice) })}</dt>
            </div>
            <div>
              <dt class="muted">
                {t('ticket.shares', {
                  shares: Number(current.shares).toFixed(2),
                  payout: fmt.money(current.shares),
                  outcome: outcome.title,
                })}
              </dt>
            </div>
          </>
        )}
      </dl>
      {quoteError && !error && <ErrorNote error={quoteError} />}
      {error && (
        <ErrorNote error={error}>
          {error.code === 'price_moved' && (
            <button
              type="button"
              onClick={() => {
                setError(null);
                setQuote(null);
                setRequotes((n) => n + 1);
                void store.poll([market.slug]);
              }}
            >
              {t('error.requote')}
            </button>
          )}
          {error.code === 'stake_limit_exceeded' && typeof error.details?.remaining === 'string' && (
            <button type="button" onClick={() => (setStakeText(String(error.details!.remaining)), setError(null))}>
              {t('error.useRemaining', { remaining: fmt.money(String(error.details.remaining)) })}
            </button>
          )}
        </ErrorNote>
      )}
      {done && (
        <p class="note ok" role="status">
          {t('ticket.done', { outcome: outcome.title, price: fmt.percent(done.price) })}
        </p>
      )}
      <button type="submit" class="primary" disabled={sending || (!pending && (!stake || !maxPrice))}>
        {sending
          ? t('ticket.sending')
          : pending
            ? t('retry')
            : t('ticket.confirm', { outcome: outcome.title, stake: stake ? fmt.money(stake) : '—' })}
      </button>
    </form>
  );
}
