import type { Config } from './config.js';
import { claimDataDir } from './lib/data-dir-lock.js';
import { startService, type RunningService } from './service.js';

/**
 * Starts the service in this process and, on SIGTERM or SIGINT, finishes in-flight requests, stops and
 * exits (0, or 1 when the stop fails): `npm start`'s one process and each of start:cluster's children.
 */
export async function runUntilSignalled(config: Config, announce: (line: string) => void): Promise<RunningService> {
  // Output to a terminal that may be gone (a closed pipe): losing a line must not crash the service.
  process.stdout.on('error', () => {});
  let service: RunningService | null = null;
  let release = async () => {};
  let signalled: string | null = null;
  const stop = async (signal: string) => {
    announce(`${signal}: finishing in-flight requests, then stopping`);
    try {
      await service!.stop();
      await release();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  // Handled from the first moment: a signal while starting (Ctrl-C during the embedded server's first
  // start, a cluster stopping before this child is ready) waits for the start to end and then stops what
  // it started, rather than killing the process in the middle of it.
  const onSignal = (signal: string) => {
    if (signalled !== null) return;
    signalled = signal;
    if (service !== null) void stop(signal);
    else announce(`${signal}: stopping once the start has finished`);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  if (config.databaseUrl === null) release = await claimDataDir(config.dataDir);
  service = await startService(config, { announce });
  if (signalled !== null) await stop(signalled);
  return service;
}
