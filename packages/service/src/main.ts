import { loadConfig } from './config.js';
import { startService } from './service.js';
import { claimDataDir } from './lib/data-dir-lock.js';

/** `npm start`: the whole service in one process (DESIGN.md part 1). */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  const release = config.databaseUrl === null ? await claimDataDir(config.dataDir) : async () => {};
  const service = await startService(config, { announce: log });
  log(
    [
      'prediction-market operator service is up:',
      `  sandbox  ${service.urls.sandbox}   (operator API /v1, reference at /v1/openapi.json)`,
      `  live     ${service.urls.live}`,
      `  platform ${service.urls.platform}   (platform API /platform/v1, panel /panel)`,
      config.databaseUrl === null
        ? `  database embedded PostgreSQL, data in ${config.dataDir}`
        : '  database DATABASE_URL',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing in-flight requests, then stopping`);
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
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
