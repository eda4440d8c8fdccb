import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { createTenant, startTestService } from './helpers.js';

/**
 * A stopped service leaves nothing of itself behind in its process: the suite's files share one process
 * (docs/testing.md, "Files share a process"), each starting services of its own, and whatever a stopped
 * one left reachable (a process-wide observer holding its metrics, say) stayed for the rest of the run:
 * about 6.5 MB a service, over a gigabyte of heap by the suite's end, all of it walked by every full
 * garbage collection. The service is the tests' usual one (API listeners, no jobs, no stream open).
 */
it('keeps nothing of a stopped service reachable', async () => {
  // V8's gc() for this test alone: exposed to a fresh context, then the flag is put back.
  const exposed = typeof (globalThis as { gc?: unknown }).gc === 'function';
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  if (!exposed) setFlagsFromString('--no-expose-gc');
  const started = async () => {
    const service = await startTestService();
    const tenant = await createTenant(service);
    expect((await service.api('sandbox', 'GET', '/v1/markets', { key: tenant.sandboxKey })).status).toBe(200);
    expect((await service.platform('GET', '/metrics')).status).toBe(200);
    const released = new WeakRef(service.deps);
    await service.stop();
    return released;
  };
  const released = await started();
  // Sockets and timers the stop ended finish on later turns of the event loop.
  await expect
    .poll(
      async () => {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 50));
        gc();
        return released.deref() === undefined;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe(true);
});
