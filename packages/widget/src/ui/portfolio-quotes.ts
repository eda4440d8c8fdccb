import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiResult } from '../api.js';
import { isTooSmall } from './error-codes.js';
import type { Position, Store } from '../store.js';
import { useSelect, useWidget } from './context.js';

/** What closing pays now: POST /v1/positions/{id}/close-quote. */
export interface CloseQuote {
  position_id: string;
  proceeds: string;
  close_price: string;
  quoted_at: string;
}

/** A position's current value as the portfolio shows it. */
/** A quoted value carries when it arrived, by this device's clock (never the server's `quoted_at`). */
export type CloseValue =
  | { kind: 'pending' }
  | { kind: 'quoted'; quote: CloseQuote; at: number }
  | { kind: 'unavailable' }
  /** Worth less than a cent: it cannot be cashed out, only settled (details.reason proceeds_too_small). */
  | { kind: 'too_small' };

/** A value is quoted again after this long while the portfolio is visible. */
export const REFRESH_MS = 60_000;
/** After its market's price moved, a value is quoted again, but not sooner than this after its last quote. */
export const MOVED_MS = 20_000;
/**
 * Close quotes the portfolio sends in any 60 s. They share the end user's `default` tier (60 a minute)
 * with the positions list, the stream and the ticket's quotes, so the portfolio keeps to a third of it.
 */
export const QUOTES_PER_MINUTE = 20;
/** How long quoting pauses after a 429 that named no Retry-After. */
const RATE_LIMITED_PAUSE_MS = 30_000;

interface Entry {
  value: CloseValue;
  /** When the last answer came; null before the first. */
  at: number | null;
  moved: boolean;
  busy: boolean;
}

/**
 * Which positions to quote when: each one once when it first shows, again every REFRESH_MS or MOVED_MS
 * after a price move, never more than QUOTES_PER_MINUTE in 60 s and nothing while a 429's Retry-After
 * runs. Pure: time is passed in; the hook below sends the requests and wakes it up.
 */
export class QuotePlanner {
  private readonly entries = new Map<string, Entry>();
  private sends: number[] = [];
  private pausedUntil = 0;

  valueOf(id: string): CloseValue {
    return this.entries.get(id)?.value ?? { kind: 'pending' };
  }

  /** The ids to quote now, in the order given (newest first), and when something next falls due. */
  plan(ids: readonly string[], now: number): { quote: string[]; wakeAt: number | null } {
    this.sends = this.sends.filter((t) => t > now - 60_000);
    const quote: string[] = [];
    let wakeAt: number | null = null;
    const later = (t: number) => void (wakeAt = wakeAt === null ? t : Math.min(wakeAt, t));
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry?.busy) continue;
      const dueAt = this.dueAt(entry);
      if (dueAt > now) later(dueAt);
      else if (now < this.pausedUntil) later(this.pausedUntil);
      else if (this.sends.length >= QUOTES_PER_MINUTE) later(this.sends[0]! + 60_000);
      else {
        this.sends.push(now);
        quote.push(id);
        this.entries.set(id, {
          value: entry?.value ?? { kind: 'pending' },
          at: entry?.at ?? null,
          moved: false,
          busy: true,
        });
      }
    }
    return { quote, wakeAt };
  }

  private dueAt(entry: Entry | undefined): number {
    if (!entry || entry.at === null) return 0;
    // A failed quote (a suspended market, a 429) is asked again no sooner than a good one would be.
    return entry.at + (entry.moved ? MOVED_MS : REFRESH_MS);
  }

  /** An answer: a quote, or a failure (a 429 pauses every quote; the last good value stays shown). */
  settle(id: string, result: ApiResult<CloseQuote>, now: number): void {
    const before = this.entries.get(id);
    let value: CloseValue = result.ok
      ? { kind: 'quoted', quote: result.value, at: now }
      : isTooSmall(result.error)
        ? { kind: 'too_small' }
        : { kind: 'unavailable' };
    if (!result.ok && result.error.code === 'rate_limited') {
      const wait = result.error.retryAfter ? result.error.retryAfter * 1000 : RATE_LIMITED_PAUSE_MS;
      this.pausedUntil = Math.max(this.pausedUntil, now + wait);
      if (before?.value.kind === 'quoted') value = before.value;
    }
    this.entries.set(id, { value, at: now, moved: before?.moved ?? false, busy: false });
  }

  /** The prices of these positions' markets moved: their values are quoted again soon. */
  moved(ids: readonly string[]): void {
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry) entry.moved = true;
    }
  }
}

/** One planner per widget: values and the quote budget outlive a switch to another tab and back. */
const planners = new WeakMap<Store, QuotePlanner>();

/**
 * The current value of each position shown, quoted as QuotePlanner says while the page is visible. A
 * close quote the user asked for (`remember`) counts as a fresh value too.
 */
export function useCloseValues(shown: readonly Position[]) {
  const { store } = useWidget();
  let planner = planners.get(store);
  if (!planner) planners.set(store, (planner = new QuotePlanner()));
  const [, setVersion] = useState(0);
  const ids = useRef<string[]>([]);
  ids.current = shown.map((p) => p.id);
  const wake = useRef<() => void>(() => {});

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      clearTimeout(timer);
      if (!live || document.visibilityState === 'hidden') return;
      const { quote, wakeAt } = planner.plan(ids.current, Date.now());
      for (const id of quote) void ask(id);
      if (wakeAt !== null) timer = setTimeout(run, Math.max(1_000, wakeAt - Date.now()));
    };
    const ask = async (id: string) => {
      const res = await store.api.send<CloseQuote>('POST', `/v1/positions/${encodeURIComponent(id)}/close-quote`);
      planner.settle(id, res, Date.now());
      if (!live) return;
      setVersion((v) => v + 1);
      run();
    };
    wake.current = run;
    run();
    document.addEventListener('visibilitychange', run);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', run);
    };
  }, [store]);

  const key = ids.current.join(',');
  useEffect(() => wake.current(), [key]);

  // A price move of a shown position's outcome (from the stream or a poll) makes its value due sooner.
  const markets = useSelect((s) => s.markets);
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    const moved: string[] = [];
    for (const p of shown) {
      const market = markets?.find((m) => m.slug === p.market_slug);
      const price = market?.outcomes.find((o) => o.id === p.outcome_id)?.price;
      if (price === undefined) continue;
      const before = seen.current.get(p.id);
      seen.current.set(p.id, price);
      if (before !== undefined && before !== price) moved.push(p.id);
    }
    if (moved.length > 0) {
      planner.moved(moved);
      wake.current();
    }
  }, [markets, key]);

  return {
    valueOf: (id: string) => planner.valueOf(id),
    remember: (quote: CloseQuote) => {
      planner.settle(quote.position_id, { ok: true, value: quote }, Date.now());
      setVersion((v) => v + 1);
    },
  };
}
