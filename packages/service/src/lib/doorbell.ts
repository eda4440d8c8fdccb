import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Wakes a waiting worker when there may be new work (a LISTEN notification), with a timeout so that work
 * becoming due by time alone, or a notification lost while the connection was down, is still found.
 * A ring that comes while nobody waits is kept for the next wait: the worker may have been busy between
 * reading the state and starting to wait, and must not sleep through the news.
 */
export interface Doorbell {
  ring(): void;
  /** Resolves at the first ring since the last wait returned (at once if there was one), or after `ms`. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

export function doorbell(): Doorbell {
  let rung = false;
  const waiters = new Set<() => void>();
  return {
    ring() {
      rung = true;
      for (const wake of waiters) wake();
    },
    async wait(ms, signal) {
      if (!rung && !signal?.aborted) {
        const timer = new AbortController();
        const stop = () => timer.abort();
        signal?.addEventListener('abort', stop, { once: true });
        waiters.add(stop);
        try {
          await sleep(ms, undefined, { signal: timer.signal }).catch(() => {});
        } finally {
          waiters.delete(stop);
          signal?.removeEventListener('abort', stop);
        }
      }
      rung = false;
    },
  };
}

/** A doorbell nobody rings: waits are plain timeouts (a worker run without a notification source). */
export const silentDoorbell: Doorbell = {
  ring() {},
  wait: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => {}),
};
