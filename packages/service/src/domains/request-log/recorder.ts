import { inBatches } from '../../lib/in-batches.js';
import { writeBehind } from '../../lib/write-behind.js';
import type { Runtime } from '../context.js';
import { restore, tally, type HourCount } from './model/counts.js';
import { keptBodies, type LoggedRequest, type RawBodies } from './model/entry.js';
import { addRequestCounts, deleteRequestCountsBefore } from './request-counts-repo.js';
import { deleteRequestsBefore, insertRequests } from './request-log-repo.js';

/** How long the log keeps a request (docs/operations.md, "The request log"). */
export const REQUEST_LOG_RETENTION_DAYS = 14;

export interface RequestLogOptions {
  /** The longest a request waits in memory before it is written. */
  flushMs: number;
  /** A batch this large is written at once. */
  flushAt: number;
  /** Requests waiting to be written, at most: what bounds the memory while the database is slow or away. */
  maxWaiting: number;
}

export const REQUEST_LOG_DEFAULTS: RequestLogOptions = { flushMs: 1_000, flushAt: 500, maxWaiting: 20_000 };

/** The log on its way to the database: recorded after each answer, written in batches. */
export interface RequestLogRecorder {
  /**
   * Never waits and never throws: an answer does not depend on its logging. Every request is counted in
   * its hour and rate-limit `tier`, also when the buffer is full and its row is dropped.
   */
  record(request: LoggedRequest, bodies: RawBodies | null, tier: string): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const PURGE_EVERY_MS = 60_000;
const PURGE_BATCH = 5_000;
/** A warning for requests dropped while the buffer was full, at most this often. */
const DROP_WARNING_EVERY_MS = 60_000;

/**
 * Gathers requests and writes them in batches. The bodies are made safe (secrets out, 16 KB at most) in
 * the batch, off the request path. A batch that cannot be written is let go with a warning: the log helps
 * find a request; the business records are elsewhere. Past the buffer's bound requests are dropped and
 * counted, and the warning says how many.
 */
export function requestLogRecorder(
  runtime: Pick<Runtime, 'db' | 'clock' | 'log'>,
  options: RequestLogOptions = REQUEST_LOG_DEFAULTS,
): RequestLogRecorder {
  let lastPurge = -Infinity;
  let lastWarning = -Infinity;
  let warnedDrops = 0;
  let counts = new Map<string, HourCount>();
  const writeCounts = async () => {
    const batch = [...counts.values()];
    counts = new Map();
    try {
      await addRequestCounts(runtime.db, batch);
    } catch (error) {
      // All or none were added: putting them back counts no request twice.
      restore(counts, batch);
      runtime.log.warn({ err: error }, 'request counts could not be written; kept for the next try');
    }
  };
  const queue = writeBehind<{ request: LoggedRequest; bodies: RawBodies | null }>(
    { flushMs: options.flushMs, flushAt: options.flushAt, maxItems: options.maxWaiting },
    async (batch) => {
      await writeCounts();
      const rows = batch.map(({ request, bodies }) => ({
        ...request,
        ...(bodies ? keptBodies(bodies) : NO_BODIES),
      }));
      await insertRequests(runtime.db, rows);
      const now = runtime.clock.now().getTime();
      const dropped = queue.dropped();
      if (dropped > warnedDrops && now - lastWarning >= DROP_WARNING_EVERY_MS) {
        lastWarning = now;
        runtime.log.warn({ dropped: dropped - warnedDrops }, 'requests not logged: the request log fell behind');
        warnedDrops = dropped;
      }
      if (now - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = now;
        const cutoff = new Date(now - REQUEST_LOG_RETENTION_DAYS * 86_400_000);
        await inBatches(PURGE_BATCH, (limit) => deleteRequestsBefore(runtime.db, cutoff, limit));
        await deleteRequestCountsBefore(runtime.db, cutoff);
      }
    },
    (error) => runtime.log.warn({ err: error }, 'a batch of the request log could not be written'),
  );
  return {
    record(request, bodies, tier) {
      tally(counts, request, tier);
      queue.push({ request, bodies });
    },
    flush: queue.flush,
    stop: queue.stop,
  };
}

const NO_BODIES = { requestBody: null, requestBodyBytes: null, responseBody: null, responseBodyBytes: null };

/** A recorder that keeps nothing, for a service started with REQUEST_LOG=off. */
export const NO_REQUEST_LOG: RequestLogRecorder = {
  record() {},
  flush: async () => {},
  stop: async () => {},
};
