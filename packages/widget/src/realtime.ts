import type { SessionKeeper } from './session.js';
import { sseParser } from './sse.js';

export interface RealtimeHandlers {
  event(name: string, data: unknown): void;
  /** live: events flow; down: reconnects ran out (realtime_unavailable): poll meanwhile. */
  status(state: 'live' | 'down'): void;
}

/** Waits before reconnecting after the n-th failure in a row; past the list, the widget reports down. */
const BACKOFF_MS = [500, 2_000, 5_000];
/** While down (realtime_unavailable), the widget keeps reconnecting at this pace. */
const RECOVERY_MS = 15_000;
/**
 * A stream that ended sooner than this counts as a failure: the server ending it at once (a sixth
 * stream of the user ended this one) must not become a reconnect loop between tabs.
 */
const SHORT_LIVED_MS = 30_000;
/** The server pings every 15 s: this long without a byte means a connection dropped without a close. */
const SILENCE_MS = 45_000;

/**
 * The realtime subscription: GET /v1/widget/stream read with fetch (the token
 * travels in the Authorization header, which EventSource cannot send), resumed with Last-Event-ID after
 * every break. The server ends the stream when the token expires; the next connection carries the
 * refreshed one.
 */
export class Realtime {
  private lastId: string | null = null;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private connection: AbortController | null = null;
  private stopped = false;

  constructor(
    private readonly baseUrl: string,
    private readonly session: SessionKeeper,
    private markets: string[],
    private readonly handlers: RealtimeHandlers,
  ) {}

  start(): void {
    void this.connect();
  }

  /** Follows the markets on screen: a new connection for the new list, resumed where the old one was. */
  follow(markets: string[]): void {
    const list = [...new Set(markets)].slice(0, 20);
    if (list.join(',') === this.markets.join(',')) return;
    this.markets = list;
    this.connection?.abort();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.connection?.abort();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const token = this.session.current();
    if (token === null || this.markets.length === 0) return this.retry(false);
    const connection = (this.connection = new AbortController());
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    if (this.lastId) headers['last-event-id'] = this.lastId;
    let received = false;
    const started = Date.now();
    let silence: ReturnType<typeof setTimeout> | null = null;
    const heard = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => connection.abort(), SILENCE_MS);
    };
    try {
      const url = `${this.baseUrl}/v1/widget/stream?markets=${this.markets.map(encodeURIComponent).join(',')}`;
      const response = await fetch(url, { headers, signal: connection.signal });
      if (response.status === 401) await this.session.renewNow();
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      const feed = sseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      heard();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        if (!received) {
          received = true;
          this.failures = 0;
          this.handlers.status('live');
        }
        for (const event of feed(value)) {
          if (event.id) this.lastId = event.id;
          this.handlers.event(event.event, JSON.parse(event.data));
        }
      }
    } catch {
      // A break of any kind (network, abort on follow() or on silence, a closed stream): reconnect below.
    }
    if (silence) clearTimeout(silence);
    const followed = connection.signal.aborted && !this.stopped;
    this.retry(received && (followed || Date.now() - started >= SHORT_LIVED_MS));
  }

  private retry(wasLive: boolean): void {
    if (this.stopped) return;
    this.failures = wasLive ? 0 : this.failures + 1;
    if (this.failures === BACKOFF_MS.length + 1) this.handlers.status('down');
    const wait = wasLive ? 0 : (BACKOFF_MS[this.failures - 1] ?? RECOVERY_MS);
    this.timer = setTimeout(() => void this.connect(), wait);
  }
}
