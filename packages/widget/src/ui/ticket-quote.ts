import { useEffect, useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import type { Market } from '../store.js';
import { useWidget } from './context.js';

/** What a stake would buy now (POST /v1/positions/quote): its shares and average price (stake / shares). */
export interface Quote {
  market_slug: string;
  outcome_id: string;
  stake: string;
  shares: string;
  price: string;
  quoted_at: string;
}

/** Typing settles this long before the ticket asks for a new quote. */
const QUOTE_DEBOUNCE_MS = 300;

export interface QuoteState {
  /** The quote of this stake and outcome, or null while none is in. */
  current: Quote | null;
  error: ApiFailure | null;
  loading: boolean;
  /** Drops the quote and asks again (after a trade, a price_moved answer or a failed quote). */
  requote(): void;
}

/**
 * The quote of the stake the ticket holds, asked once the typing settles and again only when the stake,
 * the outcome or the market's status changes, or on requote(): never in a loop and not on every price
 * move of a busy market, since quotes share the user's default tier with every other read (60 a minute).
 * A null stake (a field the ticket refuses) asks nothing.
 */
export function useQuote(market: Market, outcomeId: string, stake: string | null): QuoteState {
  const { store } = useWidget();
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [asks, setAsks] = useState(0);
  const open = market.status === 'open';

  useEffect(() => {
    setError(null);
    if (!stake || !open) return;
    let live = true;
    const timer = setTimeout(async () => {
      const body = { market_slug: market.slug, outcome_id: outcomeId, stake };
      const res = await store.api.send<Quote>('POST', '/v1/positions/quote', body);
      if (!live) return;
      if (res.ok) setQuote(res.value);
      else setError(res.error);
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [stake, outcomeId, open, asks]);

  const current = quote && quote.stake === stake && quote.outcome_id === outcomeId ? quote : null;
  return {
    current,
    error: stake ? error : null,
    loading: stake !== null && open && current === null && error === null,
    requote: () => {
      setQuote(null);
      setError(null);
      setAsks((n) => n + 1);
    },
  };
}
