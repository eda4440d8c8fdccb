import type { Runtime } from '../context.js';
import { inBatches } from '../../lib/in-batches.js';
import { addErrorAnswerCounts, deleteErrorAnswersBefore, insertErrorAnswers } from './error-answer-repo.js';
import { restore, tally, type ErrorAnswer, type MinuteCount } from './model/batch.js';

/** How long error answers (and their counts) are kept. */
export const ERROR_ANSWER_RETENTION_DAYS = 7;

export interface RecorderOptions {
  /** The longest an answer waits in memory before it is written. */
  flushMs: number;
  /** A batch this large is written at once rather than at the next tick. */
  flushAt: number;
  /** Rows kept by request_id per second and process; beyond it an answer is only counted (a flood of 429s). */
  rowsPerSecond: number;
}

export const RECORDER_DEFAULTS: RecorderOptions = { flushMs: 1_000, flushAt: 200, rowsPerSecond: 500 };

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
 * Gathers answers in memory and writes them with one multi-row insert and one upsert of per-minute
 * counts per flush. Every answer is counted, so the overview's figures stay exact; only the first
 * `rowsPerSecond` of each second are kept by request_id, so a flood costs the database a bounded write.
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
  let lastPurge = -Infinity;
  let stopped = false;

  const write = async (): Promise<void> => {
    const batch = rows;
    const batchCounts = [...counts.values()];
    rows = [];
    counts = new Map();
    if (batch.length === 0 && batchCounts.length === 0) return;
    try {
      await insertErrorAnswers(runtime.db, batch);
      await addErrorAnswerCounts(runtime.db, batchCounts);
    } catch (error) {
      // The rows are let go (they only help find an answer); the counts wait for the next flush.
      restore(counts, batchCounts);
      runtime.log.warn(
        { err: error, rows: batch.length },
        'error answers could not be recorded; counts kept for the next try',
      );
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
    // One write at a time; answers recorded meanwhile go into the next.
    const run = (writing ?? Promise.resolve()).then(write);
    const tracked = run.finally(() => {
      if (writing === tracked) writing = null;
    });
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
      if (keptInWindow < options.rowsPerSecond) {
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
