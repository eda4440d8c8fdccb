import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { newIdempotencyKey, type ApiFailure, type ApiResult } from '../api.js';
import { minPriceFor } from '../format.js';
import type { MessageKey } from '../i18n/index.js';
import type { Position } from '../store.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { sendClose, usePendingClose, useResume } from './pending-writes.js';
import { profitOf, resultOf, type Profit } from './portfolio-model.js';
import type { CloseQuote, CloseValue } from './portfolio-quotes.js';

/** Slippage of a close: the quote may fall this much before the close refuses with price_moved. */
export const CLOSE_SLIPPAGE = 0.02;

/**
 * A profit or loss in money and percent of the stake, coloured by its sign; one left-to-right run, so
 * a right-to-left line does not reorder the amount and its parenthesis.
 */
export function ProfitText({ profit }: { profit: Profit }) {
  const { texts, fmt } = useWidget();
  const tone = profit.amount < 0 ? 'negative' : profit.amount > 0 ? 'positive' : '';
  return (
    <span class={`pnl ${tone}`} dir="ltr">
      {texts.t('positions.pnl', { pnl: fmt.signedMoney(profit.amount), percent: fmt.signedPercent(profit.ratio) })}
    </span>
  );
}

export function Figure({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The market's title and the outcome held, shared by open and ended positions and groups; the title
 * opens the market when `onOpen` is given.
 */
export function Heading({ position, onOpen }: { position: Position; onOpen?: (slug: string) => void }) {
  const { texts } = useWidget();
  const market = useSelect((s) => s.markets?.find((m) => m.slug === position.market_slug));
  const outcome = market?.outcomes.find((o) => o.id === position.outcome_id);
  const title = market?.title ?? position.market_slug;
  return (
    <div class="position-head">
      {onOpen && market ? (
        <button type="button" class="title link" dir="auto" onClick={() => onOpen(position.market_slug)}>
          {title}
        </button>
      ) : (
        <span class="title" dir="auto">
          {title}
        </span>
      )}
      <span class="tags">
        {outcome && (
          <span class="outcome" dir="auto">
            {outcome.title}
          </span>
        )}
        <span class={`badge ${position.state}`}>{texts.t(`state.${position.state}` as MessageKey)}</span>
      </span>
    </div>
  );
}

/**
 * An open position: what it holds, what it is worth now (a close quote) and its profit or loss, and
 * the close under it (CloseFlow). It is shown inside its holding's card (portfolio-group.tsx), which
 * names the market and outcome, so it does not repeat them.
 */
export function OpenPosition(props: {
  position: Position;
  value: CloseValue;
  onQuote: (quote: CloseQuote) => void;
  onClosed: (closed: Position) => void;
}) {
  const { position, value } = props;
  const { texts, fmt } = useWidget();
  const t = texts.t;
  return (
    <li class="card position" data-position={position.id}>
      <dl class="figures">
        <Figure label={t('positions.shares')}>{fmt.shares(position.shares)}</Figure>
        <Figure label={t('positions.avgPrice')}>{fmt.percent(position.price)}</Figure>
        <Figure label={t('positions.stakeLabel')}>{fmt.money(position.stake)}</Figure>
        <Figure label={t('positions.value')}>
          {value.kind === 'quoted' && <span class="value">{fmt.money(value.quote.proceeds)}</span>}
          {value.kind === 'pending' && (
            <>
              <span class="skeleton-text" aria-hidden="true" />
              <span class="visually-hidden">{t('loading')}</span>
            </>
          )}
          {value.kind === 'unavailable' && <span class="muted">{t('positions.valueUnavailable')}</span>}
          {value.kind === 'too_small' && (
            <span class="muted">{t('positions.valueTooSmall', { min: fmt.money('0.01') })}</span>
          )}
        </Figure>
        {value.kind === 'quoted' && (
          <Figure label={t('positions.pnlLabel')}>
            <ProfitText profit={profitOf(value.quote.proceeds, position.stake)} />
          </Figure>
        )}
      </dl>
      <CloseFlow {...props} />
    </li>
  );
}

/**
 * The close under an open position: a fresh close quote, then a confirm that sends min_price from it as
 * one intent with one key, kept in the store until an answer settles it (pending-writes.ts). While it is
 * pending (its answer lost, or still coming after the card went away and came back) the card shows only
 * that intent's figures and Try again, which re-sends it unchanged: the figure shown is the one sent.
 */
function CloseFlow({
  position,
  value,
  onQuote,
  onClosed,
}: {
  position: Position;
  value: CloseValue;
  onQuote: (quote: CloseQuote) => void;
  onClosed: (closed: Position) => void;
}) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const pending = usePendingClose(position.id);
  const [quote, setQuote] = useState<CloseQuote | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const settle = (res: ApiResult<Position>) => {
    if (res.ok) {
      setQuote(null);
      onClosed(res.value);
      return;
    }
    if (res.error.code === 'price_moved') setQuote(null);
    setError(res.error);
  };
  useResume(pending, settle);

  const ask = async () => {
    setBusy(true);
    setError(null);
    const res = await store.api.send<CloseQuote>(
      'POST',
      `/v1/positions/${encodeURIComponent(position.id)}/close-quote`,
    );
    setBusy(false);
    if (!res.ok) return setError(res.error);
    setQuote(res.value);
    onQuote(res.value);
  };
  const confirm = async () => {
    // Read afresh: a second press before the card re-rendered must not send a second intent.
    const kept = store.pendingClose(position.id);
    if (kept?.sending) return;
    let close = kept;
    if (!close) {
      if (!quote) return;
      close = {
        key: newIdempotencyKey(),
        body: { min_price: minPriceFor(quote.close_price, CLOSE_SLIPPAGE) },
        shown: { proceeds: quote.proceeds, close_price: quote.close_price },
        sending: null,
        failure: null,
      };
    }
    setError(null);
    settle(await sendClose(store, position.id, close));
  };

  if (pending) {
    const failure = error ?? pending.failure;
    return (
      <div class="close">
        <div class="note" role="status">
          <p>
            {t('positions.quote', {
              proceeds: fmt.money(pending.shown.proceeds),
              price: fmt.percent(pending.shown.close_price),
            })}{' '}
            <ProfitText profit={profitOf(pending.shown.proceeds, position.stake)} />
          </p>
          <div class="actions">
            <button type="button" class="primary" disabled={pending.sending !== null} onClick={() => void confirm()}>
              {pending.sending
                ? t('positions.confirmClose', { proceeds: fmt.money(pending.shown.proceeds) })
                : t('retry')}
            </button>
          </div>
        </div>
        {failure && <ErrorNote error={failure} />}
      </div>
    );
  }

  if (value.kind === 'too_small' && !quote) return <TooSmallToCashOut />;

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
            {t('positions.quote', { proceeds: fmt.money(quote.proceeds), price: fmt.percent(quote.close_price) })}{' '}
            <ProfitText profit={profitOf(quote.proceeds, position.stake)} />
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
        </ErrorNote>
      )}
    </div>
  );
}

/**
 * In place of Cash out for what is worth less than a cent (proceeds_too_small): why nothing can be cashed
 * out and what happens instead, rather than a button that must fail.
 */
export function TooSmallToCashOut() {
  const { texts } = useWidget();
  return (
    <div class="close">
      <p class="note" role="status">
        {texts.t('error.proceeds_too_small')}
      </p>
    </div>
  );
}

/** An ended position: what it held and what it came to ("Won €50.74", "Closed for €12.10, +€2.10"). */
export function EndedPosition({ position }: { position: Position }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const result = resultOf(position);
  return (
    <li class="card position past" data-position={position.id}>
      <Heading position={position} />
      <dl class="figures">
        <Figure label={t('positions.shares')}>{fmt.shares(position.shares)}</Figure>
        <Figure label={t('positions.avgPrice')}>{fmt.percent(position.price)}</Figure>
        <Figure label={t('positions.stakeLabel')}>{fmt.money(position.stake)}</Figure>
        {result && (
          <Figure label={t('positions.result')}>
            <span class="result">
              {result.kind === 'won' && t('positions.won', { payout: fmt.money(result.payout) })}
              {result.kind === 'lost' && t('positions.lost', { stake: fmt.money(result.stake) })}
              {result.kind === 'refunded' && t('positions.refunded', { payout: fmt.money(result.payout) })}
              {result.kind === 'closed' && t('positions.closedFor', { payout: fmt.money(result.payout) })}
            </span>
            {(result.kind === 'won' || result.kind === 'closed') && (
              <>
                {' '}
                <ProfitText profit={result.profit} />
              </>
            )}
          </Figure>
        )}
      </dl>
    </li>
  );
}
