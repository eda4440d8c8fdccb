import { loadavg } from 'node:os';
import { prepareDatabase, type BenchDatabase } from './database.js';
import { startServiceProcess, type ServiceProcess } from './service-process.js';
import { fmt } from './stats.js';

/**
 * Runs a bench against the service in its own process: a throwaway database (or DATA_DIR), the service,
 * and cleanup on success, failure or Ctrl-C. Exits 0 after run, 1 when the bench could not set up or run.
 */
export function runBench(
  repoRoot: string,
  poolSize: number,
  run: (service: ServiceProcess, database: BenchDatabase) => Promise<void>,
  extraEnv: Record<string, string> = {},
): void {
  const main = async () => {
    const database = await prepareDatabase(process.env.DATABASE_URL);
    console.log(`  database: ${database.label}`);
    let service: ServiceProcess | null = null;
    let cleaned: Promise<void> | null = null;
    const cleanup = () =>
      (cleaned ??= (async () => {
        try {
          await service?.stop();
        } finally {
          await database.dispose();
        }
      })());
    const onSignal = (signal: NodeJS.Signals) => {
      console.log(`\n${signal}: stopping the service and removing the bench database`);
      void cleanup().finally(() => process.exit(130));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      const started = performance.now();
      service = await startServiceProcess(repoRoot, database, poolSize, extraEnv);
      console.log(
        `  service pid ${service.pid} up in ${fmt((performance.now() - started) / 1000)} s on ${service.sandboxUrl}`,
      );
      await run(service, database);
    } finally {
      await cleanup();
    }
  };
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}

/** The closing lines every bench prints: load after the run and what the service logged meanwhile. */
export function printRunTail(service: ServiceProcess): void {
  console.log(
    `load average after the run: ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
  );
  const lines = service.linesSinceReady();
  console.log(`service output during the run: ${lines.length} lines${lines.length > 0 ? ', last ones:' : ''}`);
  for (const line of lines.slice(-10)) console.log(`  | ${line.slice(0, 400)}`);
}
