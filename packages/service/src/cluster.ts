import cluster, { type Worker } from 'node:cluster';
import { loadConfig, type Config } from './config.js';
import { connectionBudgetWarning } from './db/connection-checks.js';
import { startEmbeddedServer, type EmbeddedServer } from './db/embedded-server.js';
import { QUEUE_POOL_SIZE } from './jobs/queue.js';
import { ENGINE_CONNECTIONS } from './domains/engine/index.js';
import { claimDataDir } from './lib/data-dir-lock.js';
import { serveClusterMetrics } from './metrics/cluster.js';
import { adminTokenNotice, loadOrCreateSecrets } from './lib/secrets.js';
import { runUntilSignalled } from './run-process.js';
import type { Listener } from './http/app.js';

/**
 * `npm run start:cluster` (docs/operations.md, "Several processes"): API_PROCESSES processes serve the
 * three listeners on shared ports (node's cluster module: the primary accepts each connection and hands
 * it to an API process in turn) and WORKER_PROCESSES processes run the jobs, all on one PostgreSQL
 * (DATABASE_URL, or an embedded server this primary runs) and, with REDIS_URL, one set of rate-limit
 * counters. Nothing is shared through this primary but sockets: a child that dies is replaced, and
 * whatever it had acknowledged is in the database. SIGTERM stops the children gracefully, then the
 * embedded server.
 */

type Role = 'api' | 'worker';

/** What a child tells the primary once it serves (an API process) or runs its jobs (a worker). */
interface Ready {
  kind: 'ready';
  urls: Partial<Record<Listener, string>>;
}

const say = (line: string) => console.log(line);

/** A child that dies within this long of its start is restarted after a growing pause, up to the ceiling. */
const CRASH_WINDOW_MS = 10_000;
const RESTART_PAUSE_MS = { first: 500, ceiling: 30_000 };
/** A child still running this long after SIGTERM (a job that does not end) is killed, so the stop ends. */
const STOP_DEADLINE_MS = 60_000;

async function primary(): Promise<void> {
  const config = loadConfig();
  // Lines for a terminal that may be gone (a closed pipe): losing one must not crash the primary.
  process.stdout.on('error', () => {});
  const shared = await sharedSetup(config);
  const { apiProcesses, workerProcesses } = config.cluster;
  const budget = await connectionBudgetWarning(config.directDatabaseUrl ?? shared.env.DATABASE_URL!, {
    processes: apiProcesses + workerProcesses,
    poolSize: config.dbPoolSize + ENGINE_CONNECTIONS,
    queuePoolSize: QUEUE_POOL_SIZE,
    pooled: config.directDatabaseUrl !== null,
  }).catch((error: Error) => `the connection budget could not be checked: ${error.message}`);
  if (budget !== null) say(budget);
  if (config.redisUrl === null && apiProcesses > 1) {
    say(`REDIS_URL is not set: each of the ${apiProcesses} API processes counts rate limits on its own`);
  }
  // A scrape of GET /metrics reaches one API process, which asks here for every process's figures.
  serveClusterMetrics();
  const roles = new Map<Worker, { role: Role; startedAt: number }>();
  const pause: Record<Role, number> = { api: RESTART_PAUSE_MS.first, worker: RESTART_PAUSE_MS.first };
  let up = false;
  let stopping = false;

  const fork = (role: Role): Promise<Ready> => {
    const worker = cluster.fork({
      ...shared.env,
      // Both flags, always: the primary's own environment may carry either.
      ...(role === 'api' ? { RUN_API: '1', RUN_WORKERS: '0' } : { RUN_API: '0', RUN_WORKERS: '1' }),
    });
    roles.set(worker, { role, startedAt: Date.now() });
    return new Promise((resolve, reject) => {
      worker.on('message', (message: Ready) => {
        if (message?.kind !== 'ready') return;
        say(`${role} process ${worker.process.pid} ready`);
        resolve(message);
      });
      worker.once('exit', () => reject(new Error(`the ${role} process ${worker.process.pid} exited while starting`)));
    });
  };

  // A child that dies after its ready but before the whole cluster is: the start fails rather than
  // announcing processes that are not there.
  let failStart: (error: Error) => void = () => {};
  const startFailed = new Promise<never>((_resolve, reject) => (failStart = reject));
  startFailed.catch(() => {});

  cluster.on('exit', (worker, code, signal) => {
    const child = roles.get(worker)!;
    roles.delete(worker);
    if (stopping) return;
    if (!up) {
      failStart(new Error(`the ${child.role} process ${worker.process.pid} exited while the cluster started`));
      return;
    }
    const crashed = Date.now() - child.startedAt < CRASH_WINDOW_MS;
    const wait = crashed ? pause[child.role] : RESTART_PAUSE_MS.first;
    pause[child.role] = crashed ? Math.min(wait * 2, RESTART_PAUSE_MS.ceiling) : RESTART_PAUSE_MS.first;
    say(
      `${child.role} process ${worker.process.pid} exited (${signal ?? `code ${code}`}); another starts in ${wait} ms`,
    );
    setTimeout(() => {
      if (!stopping) fork(child.role).catch((error: Error) => say(error.message));
    }, wait);
  });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping ${roles.size} processes gracefully`);
    const exits = [...roles.keys()].map(
      (worker) => new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code))),
    );
    for (const worker of roles.keys()) worker.process.kill('SIGTERM');
    const deadline = setTimeout(() => {
      say(`processes still running ${STOP_DEADLINE_MS / 1000} s after SIGTERM are killed`);
      for (const worker of roles.keys()) worker.process.kill('SIGKILL');
    }, STOP_DEADLINE_MS);
    const codes = await Promise.all(exits);
    clearTimeout(deadline);
    await shared.stop();
    process.exit(codes.every((code) => code === 0) ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  let first: Ready;
  try {
    // The first process alone, so that the migrations run once, before anyone else needs the tables.
    first = await Promise.race([fork('api'), startFailed]);
    await Promise.race([
      Promise.all([
        ...Array.from({ length: apiProcesses - 1 }, () => fork('api')),
        ...Array.from({ length: workerProcesses }, () => fork('worker')),
      ]),
      startFailed,
    ]);
  } catch (error) {
    // A SIGTERM while starting: its stop is under way and ends the process.
    if (stopping) return new Promise<never>(() => {});
    stopping = true;
    for (const worker of roles.keys()) worker.process.kill('SIGKILL');
    await shared.stop();
    throw error;
  }
  up = true;
  say(
    [
      `prediction-market operator service is up: ${apiProcesses} API processes, ${workerProcesses} worker processes`,
      `  sandbox  ${first.urls.sandbox}   (operator API /v1, reference at /docs)`,
      `  live     ${first.urls.live}`,
      `  platform ${first.urls.platform}   (platform API /platform/v1, panel /panel)`,
      shared.embedded ? `  database embedded PostgreSQL, data in ${config.dataDir}` : '  database DATABASE_URL',
      // The primary stops its children (README.md, "Stopping it"); npm does not pass SIGTERM on.
      `  stop     Ctrl-C here, or SIGTERM to pid ${process.pid} (the primary)`,
    ].join('\n'),
  );
}

/**
 * What every child must share and would otherwise make on its own: the database (the embedded server
 * runs here, once) and the generated secrets (each child creating secrets.json would race).
 */
async function sharedSetup(
  config: Config,
): Promise<{ env: Record<string, string>; embedded: EmbeddedServer | null; stop(): Promise<void> }> {
  const needsSecrets =
    config.databaseUrl === null || config.platformAdminToken === null || config.widgetSessionSecret === null;
  const secrets = needsSecrets ? await loadOrCreateSecrets(config.dataDir) : null;
  let embedded: EmbeddedServer | null = null;
  let release = async () => {};
  if (config.databaseUrl === null) {
    release = await claimDataDir(config.dataDir);
    embedded = await startEmbeddedServer(config.dataDir, secrets!.embeddedDbPassword, say);
  }
  const platformAdminToken = config.platformAdminToken ?? secrets!.platformAdminToken;
  if (config.platformAdminToken === null) say(adminTokenNotice(config.dataDir, secrets!));
  return {
    env: {
      DATABASE_URL: embedded?.url ?? config.databaseUrl!,
      PLATFORM_ADMIN_TOKEN: platformAdminToken,
      WIDGET_SESSION_SECRET: config.widgetSessionSecret ?? secrets!.widgetSessionSecret,
      // The demo is npm start's: it needs the embedded server's first start, which is this primary's.
      SEED_DEMO: '0',
    },
    embedded,
    async stop() {
      await embedded?.stop();
      await release();
    },
  };
}

async function child(): Promise<void> {
  const service = await runUntilSignalled(loadConfig(), () => {});
  const ready: Ready = { kind: 'ready', urls: service.urls };
  process.send!(ready);
}

(cluster.isPrimary ? primary() : child()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
