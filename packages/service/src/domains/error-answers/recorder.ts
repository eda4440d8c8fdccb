import type { Runtime } from '../context.js';
import { inBatches } from '../../lib/in-batches.js';
import { addErrorAnswerCounts, deleteErrorAnswersBefore, insertErrorAnswers } from './error-answer-repo.js';
import { restore, tally, type ErrorAnswer, type MinuteCount } from './model/batch.js';

/** How long error answers (and their counts) are kept. */
export const ERROR_ANSWER_RETENTION_DAYS = 7;

export interface RecorderOptions {
  /** The longest an answer waits in memory before it is written. */
  flushMs: number;
  /** A batch this large is written at once rather than at the next tick; also the rows of one statement. */
  flushAt: number;
  /** Rows kept by request_id per second and process; beyond it an answer is only counted (a flood of 429s). */
  rowsPerSecond: number;
  /**
   * Rows waiting to be written, at most; beyond it an answer is only counted. While a write is stalled
   * (a slow or unreachable database) answers keep coming, and this is what bounds the memory they take.
   */
  maxRows: number;
}

export const RECORDER_DEFAULTS: RecorderOptions = {
  flushMs: 1_000,
  flushAt: 200,
  rowsPerSecond: 500,
  maxRows: 5_000,
};

/** Error answers on their way to the database: recorded by the answer's hook, written in batches. */
export interface ErrorAnswerRecorder {
  /** Never waits and never throws: a request's answer does not depend on its recording. */
  record(answer: ErrorAnswer): void;
  /** Writes what is gathered now (shutdown, tests). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const PURGE_EVERY_MS = 60_000;
const PURGE_BATCH = 5_000;

/**
 * Gathers answers in memory and writes, per flush, the per-minute counts then the rows, each in
 * statements of `flushAt` rows. Every answer is counted, so the overview's figures stay exact; only the
 * first `rowsPerSecond` of each second, and no more than `maxRows` waiting, are kept by request_id, so a
 * flood costs the database a bounded write and the process a bounded buffer.
 */
export function errorAnswerRecorder(
  runtime: Pick<Runtime, 'db' | 'clock' | 'log'>,
  options: RecorderOptions = RECORDER_DEFAULTS,
): ErrorAnswerRecorder {
  let rows: ErrorAnswer[] = [];
  let counts = new Map<string, MinuteCount>();
  let windowStart = 0;
  let keptInWindow = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let lastPurge = -Infinity;
  let stopped = false;

  const write = async (): Promise<void> => {
    const batch = rows;
    const batchCounts = [...counts.values()];
    rows = [];
    counts = new Map();
    if (batchCounts.length > 0) {
      try {
        await addErrorAnswerCounts(runtime.db, batchCounts, options.flushAt);
      } catch (error) {
        // All or none were added, so putting them back counts no answer twice.
        restore(counts, batchCounts);
        runtime.log.warn({ err: error }, 'error answer counts could not be written; kept for the next try');
      }
    }
    if (batch.length > 0) {
      try {
        await insertErrorAnswers(runtime.db, batch, options.flushAt);
      } catch (error) {
        // The rows are let go: they only help find an answer, and the counts hold the figures.
        runtime.log.warn({ err: error, rows: batch.length }, 'error answers could not be recorded by request_id');
      }
    }
    const now = runtime.clock.now();
    if (now.getTime() - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now.getTime();
      const cutoff = new Date(now.getTime() - ERROR_ANSWER_RETENTION_DAYS * 86_400_000);
      await inBatches(PURGE_BATCH, (limit) => deleteErrorAnswersBefore(runtime.db, cutoff, limit)).catch(
        (error: unknown) => runtime.log.warn({ err: error }, 'old error answers could not be deleted'),
      );
    }
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    // One write at a time, and at most one waiting behind it: the waiting one takes everything recorded
    // until it starts, so a stalled write does not pile up a write per tick.
    if (queued) return queued;
    const next = (writing ?? Promise.resolve()).then(() => {
      queued = null;
      return write();
    });
    const tracked = next.finally(() => {
      if (writing === tracked) writing = null;
    });
    queued = tracked;
    writing = tracked;
    return tracked;
  };

  return {
    record(answer) {
      tally(counts, answer);
      const second = Math.floor(performance.now() / 1_000);
      if (second !== windowStart) {
        windowStart = second;
        keptInWindow = 0;
      }
      if (keptInWindow < options.rowsPerSecond && rows.length < options.maxRows) {
        keptInWindow += 1;
        rows.push(answer);
      }
      if (stopped) return;
      if (rows.length >= options.flushAt && !writing) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), options.flushMs);
        timer.unref();
      }
    },
    flush,
    async stop() {
      stopped = true;
      await flush();
    },
  };
}
