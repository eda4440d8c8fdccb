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
  const release = config.databaseUrl === null ? await claimDataDir(config.dataDir) : async () => {};
  const service = await startService(config, { announce });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    announce(`${signal}: finishing in-flight requests, then stopping`);
    try {
      await service.stop();
      await release();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return service;
}
