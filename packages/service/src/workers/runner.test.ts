import { describe, expect, it } from 'vitest';
import type { ServiceDeps } from '../deps.js';
import { startWorkers, type Job } from './runner.js';

const deps = {} as ServiceDeps;
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startWorkers', () => {
  it('runs a job again at once while it finds work, then at its interval, and survives failures', async () => {
    const calls: number[] = [];
    let remaining = 3;
    const job: Job = {
      name: 'drain',
      intervalMs: 20,
      async run() {
        calls.push(remaining);
        if (remaining === 1) {
          remaining = 0;
          throw new Error('one failure');
        }
        if (remaining > 0) remaining -= 1;
        return remaining > 0 ? 1 : 0;
      },
    };
    const errors: unknown[] = [];
    const workers = startWorkers(deps, [job], (_job, error) => errors.push(error));
    await tick(150);
    await workers.stop();
    expect(calls.slice(0, 3)).toEqual([3, 2, 1]);
    expect(errors).toHaveLength(1);
    const count = calls.length;
    await tick(60);
    expect(calls.length).toBe(count);
  });

  it('lets a running pass finish on stop', async () => {
    let finished = false;
    const job: Job = {
      name: 'slow',
      intervalMs: 1,
      run: async () => {
        await tick(40);
        finished = true;
        return 0;
      },
    };
    const workers = startWorkers(deps, [job], () => {});
    await tick(10);
    await workers.stop();
    expect(finished).toBe(true);
  });
});
