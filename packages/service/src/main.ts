import { loadConfig } from './config.js';
import { runUntilSignalled } from './run-process.js';

/** `npm start`: the whole service in one process (docs/operations.md); start:cluster is cluster.ts. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  const service = await runUntilSignalled(config, log);
  log(
    [
      'prediction-market operator service is up:',
      `  sandbox  ${service.urls.sandbox}   (operator API /v1, reference at /docs)`,
      `  live     ${service.urls.live}`,
      `  platform ${service.urls.platform}   (platform API /platform/v1, panel /panel)`,
      config.databaseUrl === null
        ? `  database embedded PostgreSQL, data in ${config.dataDir}`
        : '  database DATABASE_URL',
      // npm and its shell exit on SIGTERM without passing it on (README.md, "Stopping it"): this pid is the one.
      `  stop     Ctrl-C here, or SIGTERM to pid ${process.pid}`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
