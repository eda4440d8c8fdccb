import { tokenExpiry, tokenIssuedAt } from './options.js';

/** Refresh once 5 minutes or less of the token's life remain (docs/widget.md, "How it behaves"). */
export const REFRESH_BEFORE_MS = 5 * 60_000;
/** "A few retries with short waits" after a refresh that failed other than with 401. */
export const RETRY_DELAYS_MS = [1_000, 3_000, 10_000] as const;

/** How long to wait before refreshing a token that expires at expiresAt; 0 when it is due. */
export function refreshDelay(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - REFRESH_BEFORE_MS - now);
}

/** What the keeper is told by one refresh call. */
export type RefreshOutcome = { ok: true; token: string } | { ok: false; unauthorized: boolean };

export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Holds the session token (in memory only: no cookie, no storage) and keeps it fresh: a refresh when 5
 * minutes or less remain, retries after failures that are not 401, and on a 401 the expired state,
 * reported once. stop() drops the token and every timer.
 */
export class SessionKeeper {
  private token: string | null;
  private timer: unknown = null;
  private expired = false;
  private refreshing: Promise<boolean> | null = null;
  /** Expiry of the token before the last refresh: a refresh that cannot extend it has met the cap. */
  private previousExpiry = 0;

  constructor(
    token: string,
    private readonly refresh: (token: string) => Promise<RefreshOutcome>,
    private readonly onExpired: () => void,
    private readonly timers: Timers = browserTimers,
  ) {
    this.token = token;
    this.schedule(0);
  }

  current(): string | null {
    return this.token;
  }

  isExpired(): boolean {
    return this.expired;
  }

  /**
   * Refreshes now (an API call met 401 invalid_session_token); true when a fresh token is held. Calls
   * made at once share one refresh.
   */
  renewNow(): Promise<boolean> {
    this.refreshing ??= this.attempt(0).finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  stop(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.token = null;
  }

  private schedule(failures: number): void {
    if (this.token === null || this.expired) return;
    const now = this.timers.now();
    const expiresAt = tokenExpiry(this.token) ?? now;
    const issuedAt = tokenIssuedAt(this.token);
    // At the 24-hour cap a refresh answers a token that lives no longer, and a token whose whole life fits in
    // the refresh window (a short sandbox session, ttl_seconds 300 or less, for trying expiry) would only be
    // refreshed at once, again and again: either is let run out, and the refresh at its expiry is refused
    // and ends the session.
    const short = issuedAt !== null && expiresAt - issuedAt <= REFRESH_BEFORE_MS;
    const capped = short || expiresAt <= this.previousExpiry;
    const due = capped ? Math.max(0, expiresAt - now) : refreshDelay(expiresAt, now);
    const wait = failures === 0 ? due : (RETRY_DELAYS_MS[failures - 1] ?? Math.max(due, 30_000));
    this.timer = this.timers.setTimeout(() => void this.attempt(failures), wait);
  }

  private async attempt(failures: number): Promise<boolean> {
    const token = this.token;
    if (token === null || this.expired) return false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const outcome = await this.refresh(token).catch((): RefreshOutcome => ({ ok: false, unauthorized: false }));
    if (this.token === null) return false; // stopped meanwhile
    if (outcome.ok) {
      this.previousExpiry = tokenExpiry(token) ?? 0;
      this.token = outcome.token;
      this.schedule(0);
      return true;
    }
    if (outcome.unauthorized) {
      this.expired = true;
      this.token = null;
      this.onExpired();
      return false;
    }
    this.schedule(failures + 1);
    return false;
  }
}
