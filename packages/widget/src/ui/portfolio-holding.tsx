import { useRef, useState } from 'preact/hooks';
import { newIdempotencyKey, type ApiFailure } from '../api.js';
import { sumAmounts as sum } from '../cents.js';
import { minPriceFor } from '../format.js';
import type { Position } from '../store.js';
import { useWidget } from './context.js';
import { isTooSmall } from './error-codes.js';
import { ErrorNote } from './error-note.js';
import { sendClose } from './pending-writes.js';
import { profitOf } from './portfolio-model.js';
import { CLOSE_SLIPPAGE, ProfitText, TooSmallToCashOut } from './portfolio-position.js';
import type { CloseQuote, CloseValue } from './portfolio-quotes.js';

/** What a holding's cash-out did when it stopped before the end: how many of how many, and why. */
interface Stopped {
  closed: number;
  total: number;
  paid: string;
  error: ApiFailure;
}

/** How old a close quote may be to stand for the holding's estimate without asking again. */
const FRESH_QUOTE_MS = 15_000;

/**
 * Cash out of a whole holding (every open position on one outcome of one market) in one confirmation:
 * the value shown is an estimate from each position's close quote (asked for any without one), then one
 * close per position underneath, each with its own key and min_price, one after another. One result:
 * the notes in the positions' places say what was paid; a close refused on the way (the rate limit, a
 * price that moved) stops the rest, and the card says what was cashed out and what remains. A close whose
 * answer was lost stays pending on its own position, which shows it with Try again (pending-writes.ts).
 */
export function HoldingClose(props: {
  open: readonly Position[];
  valueOf: (id: string) => CloseValue;
  onQuote: (quote: CloseQuote) => void;
  onClosed: (closed: Position[]) => void;
}) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  /** The positions the confirmation is about, as they were when it was asked, with their quotes. */
  const [asked, setAsked] = useState<{
    positions: readonly Position[];
    quotes: ReadonlyMap<string, CloseQuote>;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [stopped, setStopped] = useState<Stopped | null>(null);
  /** A second press before the card re-rendered sends nothing. */
  const sending = useRef(false);
  const { open } = props;

  const ask = async () => {
    setBusy(true);
    setError(null);
    setStopped(null);
    const known = new Map<string, CloseQuote>();
    let tooSmall: ApiFailure | null = null;
    for (const p of open) {
      const value = props.valueOf(p.id);
      // Worth less than a cent: nothing to cash out; it settles with the market (the rest are cashed out).
      if (value.kind === 'too_small') continue;
      // A quote of the last seconds is as good as a new one, and spares the user's rate limit.
      if (value.kind === 'quoted' && Date.now() - value.at < FRESH_QUOTE_MS) {
        known.set(p.id, value.quote);
        continue;
      }
      const res = await store.api.send<CloseQuote>('POST', `/v1/positions/${encodeURIComponent(p.id)}/close-quote`);
      if (!res.ok && isTooSmall(res.error)) {
        tooSmall = res.error;
        continue;
      }
      if (!res.ok) {
        setBusy(false);
        return setError(res.error);
      }
      props.onQuote(res.value);
      known.set(p.id, res.value);
    }
    setBusy(false);
    if (known.size === 0 && tooSmall) return setError(tooSmall);
    setAsked({ positions: open.filter((p) => known.has(p.id)), quotes: known });
  };

  const confirm = async () => {
    if (!asked || sending.current) return;
    const { positions, quotes } = asked;
    sending.current = true;
    setBusy(true);
    setError(null);
    const closed: Position[] = [];
    let failure: ApiFailure | null = null;
    for (const p of positions) {
      // Closed meanwhile, or a close of its own under way (from its card): not this cash-out's.
      if (store.get().positions.get(p.id)?.state !== 'open' || store.pendingClose(p.id)) continue;
      const quote = quotes.get(p.id)!;
      const res = await sendClose(store, p.id, {
        key: newIdempotencyKey(),
        body: { min_price: minPriceFor(quote.close_price, CLOSE_SLIPPAGE) },
        shown: { proceeds: quote.proceeds, close_price: quote.close_price },
      });
      if (!res.ok) {
        failure = res.error;
        break;
      }
      closed.push(res.value);
    }
    sending.current = false;
    setBusy(false);
    setAsked(null);
    if (failure) {
      const paid = sum(closed.map((p) => p.payout ?? '0'));
      setStopped({ closed: closed.length, total: positions.length, paid, error: failure });
    }
    if (closed.length > 0) props.onClosed(closed);
  };

  const estimate = asked && sum([...asked.quotes.values()].map((q) => q.proceeds));
  if (!estimate && !stopped && open.length > 0 && open.every((p) => props.valueOf(p.id).kind === 'too_small'))
    return <TooSmallToCashOut />;
  const stake = asked ? sum(asked.positions.map((p) => p.stake)) : '0';
  return (
    <div class="close">
      {stopped && stopped.closed > 0 && (
        <p class="note ok" role="status">
          {t(stopped.total - stopped.closed === 1 ? 'positions.holdingPartialOne' : 'positions.holdingPartial', {
            closed: fmt.number(stopped.closed, 0),
            total: fmt.number(stopped.total, 0),
            paid: fmt.money(stopped.paid),
            left: fmt.number(stopped.total - stopped.closed, 0),
          })}
        </p>
      )}
      {stopped && <ErrorNote error={stopped.error} />}
      {!estimate && (
        <button type="button" disabled={busy || open.length === 0} onClick={() => void ask()}>
          {open.length > 1 ? t('positions.closeAll', { count: fmt.number(open.length, 0) }) : t('positions.close')}
        </button>
      )}
      {estimate && (
        <div class="note" role="status">
          <p>
            {asked.positions.length === 1
              ? t('positions.quote', {
                  proceeds: fmt.money(estimate),
                  price: fmt.percent(asked.quotes.get(asked.positions[0]!.id)!.close_price),
                })
              : t('positions.holdingQuote', { proceeds: fmt.money(estimate) })}{' '}
            <ProfitText profit={profitOf(estimate, stake)} />
          </p>
          <div class="actions">
            <button type="button" class="primary" disabled={busy} onClick={() => void confirm()}>
              {t('positions.confirmClose', { proceeds: fmt.money(estimate) })}
            </button>
            <button type="button" disabled={busy} onClick={() => setAsked(null)}>
              {t('positions.cancel')}
            </button>
          </div>
        </div>
      )}
      {error && <ErrorNote error={error} />}
    </div>
  );
}
