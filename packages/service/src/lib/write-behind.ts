/**
 * Items gathered in memory and handed to `write` in batches of at most `flushAt`, off the path that
 * produced them: `push` never waits and never throws. One flush runs at a time and at most one waits
 * behind it, taking everything pushed until it starts, so a stalled database does not pile up a write
 * per tick; `maxItems` bounds what waits meanwhile (beyond it an item is dropped and counted).
 */
export interface WriteBehind<T> {
  /** Keeps the item for the next write; false when it was dropped (the buffer was full). */
  push(item: T): boolean;
  /** Writes what is gathered now (shutdown, tests). */
  flush(): Promise<void>;
  /** Items dropped since the start because the buffer was full. */
  dropped(): number;
  /** Flushes and stops scheduling writes (pushes after it wait for a final flush()). */
  stop(): Promise<void>;
}

export interface WriteBehindOptions {
  /** The longest an item waits in memory before it is written. */
  flushMs: number;
  /** A batch this large is written at once rather than at the next tick; no write takes more. */
  flushAt: number;
  /** Items waiting, at most. */
  maxItems: number;
}

/** `write` gets each batch once; it handles its own failures (what it throws is lost with the batch). */
export function writeBehind<T>(
  options: WriteBehindOptions,
  write: (batch: T[]) => Promise<void>,
  onError: (error: unknown) => void,
): WriteBehind<T> {
  const items: T[] = [];
  let droppedCount = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let stopped = false;

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queued) return queued;
    const next = (writing ?? Promise.resolve()).then(async () => {
      queued = null;
      // At most flushAt a write, with a turn of the event loop between writes: a backlog gathered while
      // the database was away drains in batches of the usual size, never as one long blocking run.
      while (items.length > 0) {
        const batch = items.splice(0, options.flushAt);
        await write(batch).catch(onError);
        if (items.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    });
    const tracked = next.finally(() => {
      if (writing === tracked) writing = null;
    });
    queued = tracked;
    writing = tracked;
    return tracked;
  };

  return {
    push(item) {
      if (items.length >= options.maxItems) {
        droppedCount += 1;
        return false;
      }
      items.push(item);
      if (stopped) return true;
      if (items.length >= options.flushAt && !writing) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), options.flushMs);
        timer.unref();
      }
      return true;
    },
    flush,
    dropped: () => droppedCount,
    async stop() {
      stopped = true;
      await flush();
    },
  };
}
