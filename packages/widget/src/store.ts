import type { Api, ApiFailure, ApiResult } from './api.js';
import type { PlayerLimits } from './player-limits.js';
import { ReadCache } from './read-cache.js';

/** The API's shapes the widget reads (the OpenAPI document has them all). */
export interface Outcome {
  id: string;
  title: string;
  price: string;
  /** The price now minus 24 hours ago (or since open), signed, 6 decimals. */
  change_24h?: string;
}
export interface Market {
  slug: string;
  title: string;
  status: 'open' | 'suspended' | 'resolved' | 'voided';
  opens_at: string;
  closes_at: string;
  resolved_outcome_id: string | null;
  outcomes: Outcome[];
  /** What resolves the market and how, in plain text; null when the platform gave none. */
  rules?: string | null;
  /** Who or what decides it: text, or an https URL. */
  resolution_source?: string | null;
  /** When it was resolved or voided. */
  resolved_at?: string | null;
  /** The stake opened on it by this operator's users, all time. */
  volume?: string;
}
export interface Snapshot {
  market_slug: string;
  ts: string;
  outcomes: { id: string; price: string }[];
}
export interface Position {
  id: string;
  market_slug: string;
  outcome_id: string;
  state: 'open' | 'closed' | 'settled_win' | 'settled_loss' | 'voided';
  stake: string;
  shares: string;
  price: string;
  payout: string | null;
  close_price: string | null;
  opened_at: string;
  closed_at: string | null;
  settled_at: string | null;
}
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * The last positions read: the failure that cut it short, if any, and whether the history had more
 * positions than HISTORY_PAGES (then only the ended ones of the first pages are present).
 */
export interface PositionsRead {
  error: ApiFailure | null;
  capped: boolean;
}

/** The positions API lists 500 a page at most, oldest first. */
export const POSITIONS_PAGE = 500;
/**
 * Pages of the whole history read at most (2,000 positions, 4 requests of the user's 60 a minute).
 * Open positions are always read in full: past the cap, `state=open` pages are read to the end too.
 */
export const HISTORY_PAGES = 4;

export interface State {
  markets: Market[] | null;
  marketsError: ApiFailure | null;
  balance: string | null;
  /** The session's user, from GET /v1/users/me: null until read. */
  me: string | null;
  /** The limits the player set through the operator: null until read (or when they cannot be read). */
  limits: PlayerLimits | null;
  positions: Map<string, Position>;
  saved: Set<string>;
  /** How the positions read went: null until the first read ends (loadPositions). */
  positionsRead: PositionsRead | null;
  realtime: 'connecting' | 'live' | 'down';
  sessionExpired: boolean;
}

/**
 * A write sent with an Idempotency-Key whose answer is not known yet: in flight (`sending`), or lost (a
 * network failure, internal_error, idempotency_key_in_progress: api.ts outcomeUnknown). Until an answer
 * settles it, the only way on is to send the same key and body again. `shown` is what the user confirmed
 * (the quote's figures), shown again unchanged while it is pending.
 */
export interface PendingWrite<Body, Shown> {
  key: string;
  body: Body;
  shown: Shown;
  /** The request in flight, for a view that comes back before it is answered; null once it failed. */
  sending: Promise<ApiResult<Position>> | null;
  /** Why the last send of it ended without an answer, shown again by a view that comes back. */
  failure: ApiFailure | null;
}

/** A ticket's open: its body, the quote it was confirmed on and the price that quote was measured from. */
export type PendingOpen = PendingWrite<
  { market_slug: string; outcome_id: string; stake: string; max_price: string },
  { quote: { stake: string; shares: string; price: string }; basis: string; slippage: number }
>;

/** A position's close: its min_price, and the close quote it was confirmed on. */
export type PendingClose = PendingWrite<{ min_price: string }, { proceeds: string; close_price: string }>;

/**
 * The widget's state and the reads that fill it. Views subscribe; every change makes a new State, so a
 * view re-renders when what it shows changed. Stream events and polls land here the same way.
 */
export class Store {
  private state: State = {
    markets: null,
    marketsError: null,
    balance: null,
    me: null,
    limits: null,
    positions: new Map(),
    saved: new Set(),
    positionsRead: null,
    realtime: 'connecting',
    sessionExpired: false,
  };
  private readonly listeners = new Set<() => void>();

  /**
   * @param focus the market the host asked to open: read on its own when the list's first page does not
   * have it, so a tenant with many markets can still open any of them.
   */
  constructor(
    readonly api: Api,
    private readonly focus: string | null = null,
    /** Answers kept across reloads (read-cache.ts): the config, the leaderboard, the profile. */
    readonly cache: ReadCache = new ReadCache(null, null),
  ) {}

  get(): State {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(change: Partial<State>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  async loadMarkets(): Promise<void> {
    const page = await this.api.get<Page<Market>>('/v1/markets?limit=100');
    if (page.ok) {
      const markets = page.value.data;
      const focus = this.focus;
      if (focus && !markets.some((m) => m.slug === focus)) {
        const one = await this.api.get<Market>(`/v1/markets/${encodeURIComponent(focus)}`);
        if (one.ok) markets.push(one.value);
      }
      this.set({ markets, marketsError: null });
    } else if (page.error.code !== 'network' || this.state.markets === null) this.set({ marketsError: page.error });
  }

  async loadMe(): Promise<void> {
    const me = await this.api.get<{ balance: string; external_user_id: string }>('/v1/users/me');
    if (me.ok) this.set({ balance: me.value.balance, me: me.value.external_user_id });
  }

  /**
   * The player's limits, read with the session (its own user's only). Read at start and after each of the
   * user's trades and limit refusals; a failure keeps the last ones read, since the service judges every
   * stake anyway and the ticket only helps.
   */
  async loadLimits(): Promise<void> {
    if (this.state.me === null) await this.loadMe();
    const me = this.state.me;
    if (me === null) return;
    const limits = await this.api.get<PlayerLimits>(`/v1/users/${encodeURIComponent(me)}/limits`);
    if (limits.ok) this.set({ limits: limits.value });
  }

  private positionsLoad: Promise<void> | null = null;

  /**
   * Every open position and the user's history up to HISTORY_PAGES pages, following next_cursor. A
   * position event that landed while the pages were read is kept over a page's older copy: a position
   * only leaves `open`, so an ended state never goes back to open.
   */
  loadPositions(): Promise<void> {
    this.positionsLoad ??= this.readPositions().finally(() => (this.positionsLoad = null));
    return this.positionsLoad;
  }

  private async readPositions(): Promise<void> {
    const history = await this.pages('', HISTORY_PAGES);
    let open: { items: Position[]; error: ApiFailure | null; more: boolean } | null = null;
    if (history.more && !history.error) open = await this.pages('&state=open', Infinity);
    const positions = new Map<string, Position>();
    for (const p of [...history.items, ...(open?.items ?? [])]) positions.set(p.id, p);
    for (const [id, known] of this.state.positions) {
      const read = positions.get(id);
      if (!read || (read.state === 'open' && known.state !== 'open')) positions.set(id, known);
    }
    this.set({ positions, positionsRead: { error: history.error ?? open?.error ?? null, capped: history.more } });
  }

  /** Pages of /v1/positions with the query, at most `max` of them; `more` when pages were left. */
  private async pages(query: string, max: number) {
    const items: Position[] = [];
    let cursor: string | null = null;
    for (let read = 0; read < max; read += 1) {
      const after: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const page = await this.api.get<Page<Position>>(`/v1/positions?limit=${POSITIONS_PAGE}${query}${after}`);
      if (!page.ok) return { items, error: page.error, more: false };
      items.push(...page.value.data);
      cursor = page.value.next_cursor;
      if (cursor === null) return { items, error: null, more: false };
    }
    return { items, error: null, more: true };
  }

  async loadSaved(): Promise<void> {
    const saved = await this.api.get<{ data: { market_slug: string }[] }>('/v1/widget/saved-markets');
    if (saved.ok) this.set({ saved: new Set(saved.value.data.map((s) => s.market_slug)) });
  }

  /** Saves or forgets a market; the star shows the new state at once and goes back if the server refuses. */
  async toggleSaved(slug: string): Promise<ApiFailure | null> {
    const had = this.state.saved.has(slug);
    const next = new Set(this.state.saved);
    if (had) next.delete(slug);
    else next.add(slug);
    this.set({ saved: next });
    const res = await this.api.send(had ? 'DELETE' : 'PUT', `/v1/widget/saved-markets/${encodeURIComponent(slug)}`);
    if (res.ok) return null;
    const back = new Set(this.state.saved);
    if (had) back.add(slug);
    else back.delete(slug);
    this.set({ saved: back });
    return res.error;
  }

  // ---- Pending writes: an open or a close the user confirmed whose answer is not known yet ----
  //
  // They live here, not in the ticket or the position card, because those views come and go (another
  // tab, "All markets", a market that pauses) while the write may have happened: the view that shows the
  // market or the position again finds the intent and re-sends exactly it (same key, same body) until an
  // answer settles it. A new key for the same intent can open a second position. A change
  // notifies the views like any other change of the state.

  private readonly opens = new Map<string, PendingOpen>();
  private readonly closes = new Map<string, PendingClose>();

  /** The open pending on this market (by slug), if any. */
  pendingOpen(slug: string): PendingOpen | null {
    return this.opens.get(slug) ?? null;
  }

  setPendingOpen(slug: string, open: PendingOpen): void {
    this.opens.set(slug, open);
    this.set({});
  }

  /** Forgets the market's pending open once an answer settled it: that intent (by key), never a newer one. */
  clearPendingOpen(slug: string, key: string): void {
    if (this.opens.get(slug)?.key !== key) return;
    this.opens.delete(slug);
    this.set({});
  }

  /** The close pending on this position (by id), if any. */
  pendingClose(positionId: string): PendingClose | null {
    return this.closes.get(positionId) ?? null;
  }

  setPendingClose(positionId: string, close: PendingClose): void {
    this.closes.set(positionId, close);
    this.set({});
  }

  clearPendingClose(positionId: string, key: string): void {
    if (this.closes.get(positionId)?.key !== key) return;
    this.closes.delete(positionId);
    this.set({});
  }

  // ---- end of pending writes ----

  applyPrices(snapshot: Snapshot): void {
    const markets = this.state.markets?.map((m) =>
      m.slug !== snapshot.market_slug
        ? m
        : {
            ...m,
            outcomes: m.outcomes.map((o) => {
              const price = snapshot.outcomes.find((s) => s.id === o.id)?.price ?? o.price;
              // The price a day ago stays where it was: the day's change moves with the price.
              const change =
                o.change_24h === undefined ? {} : { change_24h: shiftedChange(o.change_24h, o.price, price) };
              return { ...o, price, ...change };
            }),
          },
    );
    if (markets) this.set({ markets });
  }

  applyPosition(position: Position): void {
    const positions = new Map(this.state.positions);
    positions.set(position.id, position);
    this.set({ positions });
  }

  /**
   * Re-reads what the stream would have said (while it is down, after a trade, for markets newly
   * followed). One market's snapshot for one market; the list, whose one answer carries every price, for
   * more: a snapshot each would spend the user's feed budget (60 a minute) in a few taps.
   */
  async poll(slugs: string[]): Promise<void> {
    const [slug] = slugs;
    const prices =
      slugs.length > 1
        ? this.loadMarkets()
        : slug
          ? this.api.get<Snapshot>(`/v1/markets/${encodeURIComponent(slug)}/snapshot`).then((snapshot) => {
              if (snapshot.ok) this.applyPrices(snapshot.value);
            })
          : null;
    await Promise.all([this.loadMe(), prices]);
  }
}

/** A day's change after the price moved from `before` to `after`, in the API's 6 decimals. */
export function shiftedChange(change: string, before: string, after: string): string {
  const micro = (text: string) => Math.round(Number(text) * 1_000_000);
  return ((micro(change) + micro(after) - micro(before)) / 1_000_000).toFixed(6);
}
