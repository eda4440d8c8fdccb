import { latencyOf, type Latency } from './stats.js';

export interface LoopsResult {
  elapsedS: number;
  /** Calls that completed without throwing. */
  done: number;
  errors: number;
  firstError: string | null;
  /** Of the completed calls, from call to settle. */
  latency: Latency;
}

/**
 * `loops` closed loops for `durationS`, each calling `once(loop)` back to back (the next call starts when
 * the previous settles), the database-side counterpart of autocannon's clients. A throwing call counts as
 * an error and the loop goes on.
 */
export async function runClosedLoops(
  loops: number,
  durationS: number,
  once: (loop: number) => Promise<void>,
): Promise<LoopsResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const end = started + durationS * 1000;
  const loop = async (index: number) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await once(index);
        latencies.push(performance.now() - t0);
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  return {
    elapsedS: (performance.now() - started) / 1000,
    done: latencies.length,
    errors,
    firstError,
    latency: latencyOf(latencies),
  };
}
