import { describe, expect, it } from 'vitest';
import { doorbell } from './doorbell.js';

const timed = async (wait: Promise<void>) => {
  const start = performance.now();
  await wait;
  return performance.now() - start;
};

describe('doorbell', () => {
  it('keeps a ring that came while nobody waited for the next wait, once', async () => {
    const bell = doorbell();
    bell.ring();
    expect(await timed(bell.wait(5_000))).toBeLessThan(1_000);
    expect(await timed(bell.wait(50))).toBeGreaterThanOrEqual(40);
  });

  it('ends a wait at a ring, and at once for a signal already aborted or aborted meanwhile', async () => {
    const bell = doorbell();
    const ringing = bell.wait(5_000);
    bell.ring();
    expect(await timed(ringing)).toBeLessThan(1_000);
    expect(await timed(bell.wait(5_000, AbortSignal.abort()))).toBeLessThan(1_000);
    const stop = new AbortController();
    const stopped = bell.wait(5_000, stop.signal);
    stop.abort();
    expect(await timed(stopped)).toBeLessThan(1_000);
  });
});
