import type { Api, ApiFailure } from './api.js';

/** The API's shapes the widget reads (spec 2, decisions parts 4 and 6). */
export interface Outcome {
  id: string;
  title: string;
  price: string;
}
export interface Market {
  slug: string;
  title: string;
  status: 'open' | 'suspended' | 'resolved' | 'voided';
  opens_at: string;
  closes_at: string;
  resolved_outcome_id: string | null;
  outcomes: Outcome[];
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
}
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export interface State {
  markets: Market[] | null;
  marketsError: ApiFailure | null;
  balance: string | null;
  positions: Map<string, Position>;
  saved: Set<string>;
  realtime: 'connecting' | 'live' | 'down';
  sessionExpired: boolean;
}

/**
 * The widget's state and the reads that fill it. Views subscribe; every change makes a new State, so a
 * view re-renders when what it shows changed. Stream events and polls land here the same way.
 */
export class Store {
  private state: State = {
    markets: null,
    marketsError: null,
    balance: null,
    positions: new Map(),
    saved: new Set(),
    realtime: 'connecting',
    sessionExpired: false,
  };
  private readonly listeners = new Set<() => void>();

  constructor(readonly api: Api) {}

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
    if (page.ok) this.set({ markets: page.value.data, marketsError: null });
    else if (page.error.code !== 'network' || this.state.markets === null) this.set({ marketsError: page.error });
  }

  async loadMe(): Promise<void> {
    const me = await this.api.get<{ balance: string }>('/v1/users/me');
    if (me.ok) this.set({ balance: me.value.balance });
  }

  async loadPositions(): Promise<void> {
    const page = await this.api.get<Page<Position>>('/v1/positions?limit=100');
    if (page.ok) this.set({ positions: new Map(page.value.data.map((p) => [p.id, p])) });
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

  applyPrices(snapshot: Snapshot): void {
    const markets = this.state.markets?.map((m) =>
      m.slug !== snapshot.market_slug
        ? m
        : {
            ...m,
            outcomes: m.outcomes.map((o) => ({
              ...o,
              price: snapshot.outcomes.find((s) => s.id === o.id)?.price ?? o.price,
            })),
          },
    );
    if (markets) this.set({ markets });
  }

  applyPosition(position: Position): void {
    const positions = new Map(this.state.positions);
    positions.set(position.id, position);
    this.set({ positions });
  }

  /** Re-reads what the stream would have said (while it is down, and after a trade). */
  async poll(slugs: string[]): Promise<void> {
    await Promise.all([
      this.loadMe(),
      ...slugs.map(async (slug) => {
        const snapshot = await this.api.get<Snapshot>(`/v1/markets/${encodeURIComponent(slug)}/snapshot`);
        if (snapshot.ok) this.applyPrices(snapshot.value);
      }),
    ]);
  }
}
