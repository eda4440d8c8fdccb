import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import type { Market } from '../store.js';
import { requoteAt } from '../ticket-math.js';
import { useWidget } from './context.js';

/** What a stake would buy now (POST /v1/positions/quote): its shares and average price (stake / shares). */
export interface Quote {
  market_slug: string;
  outcome_id: string;
  stake: string;
  shares: string;
  price: string;
  /** The market's cap on one open (max_stake_per_position): a larger amount is refused before sending. */
  max_stake: string;
  quoted_at: string;
}

/** Typing settles this long before the ticket asks for a new quote. */
const QUOTE_DEBOUNCE_MS = 300;

/** A quote and what it is measured against: the outcome's price on its button when it was asked, and when. */
interface Asked {
  quote: Quote;
  basis: string;
  at: number;
}

export interface QuoteState {
  /** The quote of this stake and outcome, or null while none is in. */
  current: Quote | null;
  /** The outcome's price when `current` was asked: its impact and the price after it are measured from it. */
  basis: string | null;
  error: ApiFailure | null;
  loading: boolean;
  /**
   * Drops the quote (nothing can be bought on it) and asks again, once `after` (a re-read of the prices)
   * is done: after a trade, a price_moved answer or a failed quote.
   */
  requote(after?: Promise<unknown>): void;
}

/**
 * The quote of the stake the ticket holds, asked once the typing settles, again when the stake, the
 * outcome or the market's status changes or on requote(), and on its own while `live` (on screen, nothing
 * being confirmed or sent) when the outcome's price moved more than a point since it was asked or it is
 * 30 s old, at most once in 10 s (ticket-math.ts requoteAt): quotes share the user's `default` tier with
 * every other read (60 a minute). A quote asked on its own replaces the one shown when it comes in. A
 * null stake (a field the ticket refuses, or an open pending) asks nothing.
 */
export function useQuote(market: Market, outcomeId: string, stake: string | null, live: boolean): QuoteState {
  const { store } = useWidget();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [asks, setAsks] = useState(0);
  const [tick, setTick] = useState(0);
  const lastAuto = useRef<number | null>(null);
  const open = market.status === 'open';
  const price = market.outcomes.find((o) => o.id === outcomeId)?.price;
  const priceNow = useRef(price);
  priceNow.current = price;

  useEffect(() => {
    setError(null);
    if (!stake || !open) return;
    let live = true;
    const timer = setTimeout(async () => {
      // The price the user sees when the quote is asked: what its impact is measured from.
      const basis = priceNow.current;
      const at = Date.now();
      const body = { market_slug: market.slug, outcome_id: outcomeId, stake };
      const res = await store.api.send<Quote>('POST', '/v1/positions/quote', body);
      if (!live) return;
      if (res.ok && basis !== undefined) setAsked({ quote: res.value, basis, at });
      else if (!res.ok) setError(res.error);
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [stake, outcomeId, open, asks]);

  const current = asked && asked.quote.stake === stake && asked.quote.outcome_id === outcomeId ? asked : null;

  // A quote on screen follows the price: asked again when requoteAt says, woken by a timer until then.
  useEffect(() => {
    if (!live || !current || error || price === undefined) return;
    const at = requoteAt(current, price, lastAuto.current);
    const now = Date.now();
    if (at <= now) {
      lastAuto.current = now;
      setAsks((n) => n + 1);
      return;
    }
    const timer = setTimeout(() => setTick((n) => n + 1), at - now);
    return () => clearTimeout(timer);
  }, [live, current, error, price, tick]);

  // A failed quote, even one asked on its own, leaves nothing to buy on: the old quote is of another price.
  const shown = error ? null : current;
  return {
    current: shown?.quote ?? null,
    basis: shown?.basis ?? null,
    error: stake ? error : null,
    loading: stake !== null && open && current === null && error === null,
    requote: (after) => {
      setAsked(null);
      setError(null);
      void Promise.resolve(after).finally(() => setAsks((n) => n + 1));
    },
  };
}

/** Whether the element is on screen: the page visible and the element in the viewport. */
export function useOnScreen(element: { current: Element | null }): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    const target = element.current;
    const observer =
      target && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => setInView(entries[entries.length - 1]?.isIntersecting ?? true))
        : null;
    if (target) observer?.observe(target);
    return () => {
      document.removeEventListener('visibilitychange', onChange);
      observer?.disconnect();
    };
  }, [element.current]);
  return visible && inView;
}
