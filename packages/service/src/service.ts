import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createDb, createPool } from './db/connection.js';
import { startEmbeddedServer, type EmbeddedServer } from './db/embedded-server.js';
import { migrate } from './db/migrate.js';
import type { ServiceDeps } from './deps.js';
import { demoInstructions, seedDemo, type Demo } from './demo.js';
import { buildApp, type Listener, type RouteInfo } from './http/app.js';
import { systemClock, type Clock } from './lib/clock.js';
import { loadOrCreateSecrets } from './lib/secrets.js';
import { startWorkers, type Workers } from './workers/runner.js';
import { purgeIdempotencyKeysJob } from './workers/purge-idempotency-keys.js';
import { expireOrdersJob } from './workers/expire-orders.js';
import { deliverWebhooksJob } from './domains/webhooks/deliver-due.js';

export interface RunningService {
  urls: Record<Listener, string>;
  routes: Record<Listener, RouteInfo[]>;
  deps: ServiceDeps;
  demo: Demo | null;
  /** Stops accepting, finishes in-flight requests, closes the pool and stops the embedded server. */
  stop(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  log?: (line: string) => void;
}

/** config → database → migrations → listeners (DESIGN.md part 1). */
export async function startService(config: Config, options: StartOptions = {}): Promise<RunningService> {
  const log = options.log ?? (() => {});
  const needsSecrets =
    config.databaseUrl === null || config.platformAdminToken === null || config.widgetSessionSecret === null;
  const secrets = needsSecrets ? await loadOrCreateSecrets(config.dataDir) : null;

  let embedded: EmbeddedServer | null = null;
  let url = config.databaseUrl;
  if (url === null) {
    embedded = await startEmbeddedServer(config.dataDir, secrets!.embeddedDbPassword, log);
    url = embedded.url;
  }
  const pool = createPool(url, config.dbPoolSize, (error) => log(`idle database connection ended: ${error.message}`));
  let ready = false;
  const apps: Partial<Record<Listener, FastifyInstance>> = {};
  let workers: Workers | null = null;
  const stop = async () => {
    ready = false;
    await Promise.all(Object.values(apps).map((app) => app.close()));
    await workers?.stop();
    await pool.end();
    await embedded?.stop();
  };

  try {
    const applied = await migrate(pool);
    if (applied.length > 0) log(`migrations applied: ${applied.join(', ')}`);
    const deps: ServiceDeps = {
      db: createDb(pool),
      clock: options.clock ?? systemClock,
      platformAdminToken: config.platformAdminToken ?? secrets!.platformAdminToken,
      widgetSessionSecret: config.widgetSessionSecret ?? secrets!.widgetSessionSecret,
      idempotencyLockSeconds: config.idempotencyLockSeconds,
      requestTimeoutMs: config.requestTimeoutMs,
      instanceId: randomBytes(6).toString('hex'),
      isReady: () => ready,
      logLevel: config.logLevel,
    };
    const demo = embedded && config.seedDemo ? await seedDemo(deps) : null;
    const ports: Record<Listener, number> = {
      sandbox: config.sandboxPort,
      live: config.livePort,
      platform: config.platformPort,
    };
    const urls = {} as Record<Listener, string>;
    const routes = {} as Record<Listener, RouteInfo[]>;
    for (const listener of ['sandbox', 'live', 'platform'] as const) {
      const app = await buildApp(listener, deps);
      apps[listener] = app;
      routes[listener] = app.routeTable;
      const address = await app.listen({ host: config.host, port: ports[listener] });
      urls[listener] = address.replace('://[::1]', '://localhost');
    }
    if (config.runWorkers) {
      workers = startWorkers(deps, [purgeIdempotencyKeysJob, expireOrdersJob, deliverWebhooksJob], (job, error) =>
        log(`job ${job.name} failed: ${String(error)}`),
      );
    }
    ready = true;
    if (config.platformAdminToken === null)
      log(`platform admin token (kept in ${config.dataDir}/secrets.json): ${deps.platformAdminToken}`);
    if (demo) log(demoInstructions(demo, urls.sandbox));
    return { urls, routes, deps, demo, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
