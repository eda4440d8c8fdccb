import type pg from 'pg';
import { writeBehind } from '../../lib/write-behind.js';
import type { Runtime } from '../context.js';
import { restore, tally, type HourCount } from './model/counts.js';
import { keptBodies, rawBytes, sizesOnly, type KeptBodies, type LoggedRequest, type RawBodies } from './model/entry.js';
import { addRequestCounts, deleteRequestCountsBefore } from './request-counts-repo.js';
import { writeRequests } from './request-log-repo.js';
import { dayCover, expireDays } from './day-partitions.js';

/** How long the log keeps a request (docs/operations.md, "The request log"). */
export const REQUEST_LOG_RETENTION_DAYS = 14;

export interface RequestLogOptions {
  /** The longest a request waits in memory before it is written. */
  flushMs: number;
  /** A batch this large is written at once. */
  flushAt: number;
  /** Requests waiting to be written, at most: what bounds the memory while the database is slow or away. */
  maxWaiting: number;
  /** The raw bodies waiting, at most, in bytes; past it a request waits with its bodies' sizes only. */
  maxWaitingBodyBytes: number;
  /** How long the hourly counts gather in memory before they are added to the database's. */
  countsEveryMs: number;
}

export const REQUEST_LOG_DEFAULTS: RequestLogOptions = {
  flushMs: 1_000,
  flushAt: 500,
  maxWaiting: 20_000,
  maxWaitingBodyBytes: 64 * 1024 * 1024,
  // Once a second rather than with each of the several batches a second under load: the batch stays one
  // COPY, and the figures are as fresh as the log's own rows.
  countsEveryMs: 1_000,
};

/** The log on its way to the database: recorded after each answer, written in batches. */
export interface RequestLogRecorder {
  /**
   * Never waits and never throws: an answer does not depend on its logging. Every request is counted in
   * its hour and rate-limit `tier`, also when the buffer is full and its row is dropped.
   */
  record(request: LoggedRequest, bodies: RawBodies | null, tier: string): void;
  /** Writes the waiting requests and the counts now (shutdown, tests). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const PURGE_EVERY_MS = 60_000;
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
  /** The pool the batches are copied through (COPY needs a connection of its own, not a query builder). */
  pool: pg.Pool,
  options: RequestLogOptions = REQUEST_LOG_DEFAULTS,
): RequestLogRecorder {
  let lastPurge = -Infinity;
  let lastWarning = -Infinity;
  let warnedDrops = 0;
  /** The raw bodies' bytes waiting: past the budget a request waits with its bodies' sizes only. */
  let waitingBytes = 0;
  let stopped = false;
  let counts = new Map<string, HourCount>();
  const addCounts = async () => {
    if (counts.size === 0) return;
    const batch = [...counts.values()];
    counts = new Map();
    try {
      await addRequestCounts(runtime.db, batch);
    } catch (error) {
      // All or none were added: putting them back counts no request twice.
      restore(counts, batch);
      if (stopped) runtime.log.warn({ err: error }, 'request counts could not be written on the way out; lost');
      else runtime.log.warn({ err: error }, 'request counts could not be written; kept for the next try');
    }
  };
  /** One write of the counts at a time: two adding to the same rows in turn never wait on each other. */
  let countsWritten: Promise<void> = Promise.resolve();
  const writeCounts = () => (countsWritten = countsWritten.then(addCounts, addCounts));
  // On a timer of its own, not per request: a quiet second costs a check of an empty map.
  const countsTimer = setInterval(() => void writeCounts(), options.countsEveryMs);
  countsTimer.unref();
  const days = dayCover(runtime.db);
  const warnOfDrops = (now: number) => {
    const dropped = queue.dropped();
    if (dropped > warnedDrops && now - lastWarning >= DROP_WARNING_EVERY_MS) {
      lastWarning = now;
      runtime.log.warn({ dropped: dropped - warnedDrops }, 'requests not logged: the request log fell behind');
      warnedDrops = dropped;
    }
  };
  /** The retention's run under way: beside the batches, which must not wait for a day being dropped. */
  let purging: Promise<void> | null = null;
  const purge = (now: number) => {
    if (purging || now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    const cutoff = new Date(now - REQUEST_LOG_RETENTION_DAYS * 86_400_000);
    purging = (async () => {
      try {
        await expireDays(runtime.db, cutoff);
        await deleteRequestCountsBefore(runtime.db, cutoff);
      } catch (error) {
        runtime.log.warn({ err: error }, 'requests older than the log keeps could not be deleted; tried again later');
      } finally {
        purging = null;
      }
    })();
  };
  const queue = writeBehind<Waiting>(
    { flushMs: options.flushMs, flushAt: options.flushAt, maxItems: options.maxWaiting },
    async (batch) => {
      const now = runtime.clock.now().getTime();
      // Said before the write, so that a database that is away does not also silence the warning.
      warnOfDrops(now);
      const rows = batch.map(({ request, bodies }) => {
        if (bodies && 'request' in bodies) waitingBytes -= rawBytes(bodies);
        return { request, bodies: bodies === null ? NO_BODIES : 'request' in bodies ? keptBodies(bodies) : bodies };
      });
      await days.cover(...timesOf(batch)).catch((error: unknown) =>
        // The batch is written all the same: its days may be there (a day is made the day before it).
        runtime.log.warn({ err: error }, 'a day of the request log could not be made; tried again with the next batch'),
      );
      const lost = await writeRequests(pool, rows);
      if (lost > 0) {
        days.forget();
        runtime.log.warn({ lost }, 'requests the database refused were not logged');
      }
      purge(now);
    },
    (error) => runtime.log.warn({ err: error }, 'a batch of the request log could not be written'),
  );
  return {
    record(request, bodies, tier) {
      tally(counts, request, tier);
      let waiting: Waiting['bodies'] = bodies;
      if (bodies !== null) {
        const bytes = rawBytes(bodies);
        if (waitingBytes + bytes > options.maxWaitingBodyBytes) waiting = sizesOnly(bodies);
        else waitingBytes += bytes;
      }
      if (!queue.push({ request, bodies: waiting }) && waiting !== null && 'request' in waiting) {
        waitingBytes -= rawBytes(waiting);
      }
    },
    async flush() {
      await queue.flush();
      await writeCounts();
    },
    async stop() {
      stopped = true;
      clearInterval(countsTimer);
      await queue.stop();
      await purging;
      await writeCounts();
    },
  };
}

/** The earliest and the latest time of a batch's requests, in ms. */
function timesOf(batch: readonly Waiting[]): [number, number] {
  let first = Infinity;
  let last = -Infinity;
  for (const { request } of batch) {
    const at = request.at.getTime();
    if (at < first) first = at;
    if (at > last) last = at;
  }
  return [first, last];
}

/** A request waiting to be written: its bodies raw (made safe in the batch), as sizes only, or none. */
interface Waiting {
  request: LoggedRequest;
  bodies: RawBodies | KeptBodies | null;
}

const NO_BODIES = { requestBody: null, requestBodyBytes: null, responseBody: null, responseBodyBytes: null };

/** A recorder that keeps nothing, for a service started with REQUEST_LOG=off. */
export const NO_REQUEST_LOG: RequestLogRecorder = {
  record() {},
  flush: async () => {},
  stop: async () => {},
};
