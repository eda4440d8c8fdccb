import type { ServiceDeps } from '../deps.js';

/** A periodic job. run() does one bounded pass and says how much it did; it must be safe to run in several processes at once. */
export interface Job {
  name: string;
  intervalMs: number;
  run(deps: ServiceDeps): Promise<number>;
}

export interface Workers {
  /** Lets the current passes finish, then stops scheduling. */
  stop(): Promise<void>;
}

/** Runs each job every intervalMs (a pass that did a full batch runs again at once). */
export function startWorkers(deps: ServiceDeps, jobs: Job[], onError: (job: Job, error: unknown) => void): Workers {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const pass = job
        .run(deps)
        .then((done) => schedule(job, done > 0 ? 0 : job.intervalMs))
        .catch((error: unknown) => {
          onError(job, error);
          schedule(job, job.intervalMs);
        })
        .finally(() => running.delete(pass));
      running.add(pass);
    }, delay);
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) schedule(job, job.intervalMs);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}
