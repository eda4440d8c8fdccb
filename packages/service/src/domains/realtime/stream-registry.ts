import type { ChangeFilter } from './change-repo.js';
import type { ChangePosition } from './model/event-id.js';

/** Where a stream's bytes go: the HTTP layer's response, or a test's recorder. */
export interface StreamSink {
  write(chunk: string): void;
  /** Bytes written that the client has not taken yet (in the process and the socket). */
  buffered(): number;
  /** Ends the response after what was written. */
  end(): void;
  /** Drops the connection at once, with whatever is still buffered. */
  abort(): void;
}

/** One open stream: whose, which markets, until when, and from where it resumes. */
export interface Stream {
  /** The tenant of its session: a suspension ends the stream (ended-sessions.ts). */
  readonly tenantId: string;
  /** When its session token was issued (whole seconds). */
  readonly issuedAt: Date;
  readonly userId: string;
  readonly marketIds: readonly string[];
  /** When its session token expires: the stream ends then, and the widget reconnects with a fresh one. */
  readonly expiresAt: Date;
  /** A valid Last-Event-ID, or null for a fresh start. */
  readonly resumeFrom: ChangePosition | null;
  readonly sink: StreamSink;
  /** False until its first delivery sent its starting state (StreamRegistry.start); only then does it get the others. */
  started: boolean;
  closed: boolean;
}

/**
 * The streams of this process, by market and by user, so a delivery finds the streams of a change
 * without looking at the others. Sets keep insertion order: a user's first stream is its oldest.
 */
export class StreamRegistry {
  readonly #all = new Set<Stream>();
  readonly #joining = new Set<Stream>();
  readonly #byMarket = new Map<string, Set<Stream>>();
  readonly #byUser = new Map<string, Set<Stream>>();

  get size(): number {
    return this.#all.size;
  }

  all(): IterableIterator<Stream> {
    return this.#all.values();
  }

  /** The streams that have not had their starting state yet. */
  joining(): Stream[] {
    return [...this.#joining];
  }

  /** Marks a stream started: from now on it gets every delivery. */
  start(stream: Stream): void {
    stream.started = true;
    this.#joining.delete(stream);
  }

  ofMarket(marketId: string): ReadonlySet<Stream> {
    return this.#byMarket.get(marketId) ?? EMPTY;
  }

  ofUser(userId: string): ReadonlySet<Stream> {
    return this.#byUser.get(userId) ?? EMPTY;
  }

  hasMarket(marketId: string): boolean {
    return this.#byMarket.has(marketId);
  }

  hasUser(userId: string): boolean {
    return this.#byUser.has(userId);
  }

  /** The markets and users some stream here follows: the only changes a delivery reads. */
  filter(): ChangeFilter {
    return { marketIds: [...this.#byMarket.keys()], userIds: [...this.#byUser.keys()] };
  }

  add(stream: Stream): void {
    this.#all.add(stream);
    if (!stream.started) this.#joining.add(stream);
    for (const marketId of stream.marketIds) indexed(this.#byMarket, marketId).add(stream);
    indexed(this.#byUser, stream.userId).add(stream);
  }

  /** False when it was not here (already removed). */
  remove(stream: Stream): boolean {
    if (!this.#all.delete(stream)) return false;
    this.#joining.delete(stream);
    for (const marketId of stream.marketIds) unindex(this.#byMarket, marketId, stream);
    unindex(this.#byUser, stream.userId, stream);
    return true;
  }
}

const EMPTY: ReadonlySet<Stream> = new Set();

function indexed(index: Map<string, Set<Stream>>, key: string): Set<Stream> {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  return set;
}

function unindex(index: Map<string, Set<Stream>>, key: string, stream: Stream): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) index.delete(key);
}
