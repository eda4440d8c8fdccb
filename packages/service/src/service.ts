import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createDb, createPool } from './db/connection.js';
import { pipelinedTransactions } from './db/pipelined-transaction.js';
import { assertSameDatabase } from './db/connection-checks.js';
import { startEmbeddedServer, type EmbeddedServer } from './db/embedded-server.js';
import { migrate } from './db/migrate.js';
import type { ServiceDeps } from './deps.js';
import { createWriteEngine, ENGINE_CONNECTIONS } from './write-path/index.js';
import { demoInstructions, seedDemo, servesDemoPage, type Demo } from './demo.js';
import { seedDemoData } from './demo-data.js';
import { demoRoutes } from './http/routes/demo.js';
import { connectRedis } from './db/redis.js';
import { KEY_CHANGES_CHANNEL, keyCache, keyChangeHandlers } from './domains/api-keys/index.js';
import { errorAnswerRecorder, type ErrorAnswerRecorder } from './domains/error-answers/index.js';
import { NO_REQUEST_LOG, requestLogRecorder, type RequestLogRecorder } from './domains/request-log/index.js';
import { ERROR_REPORTS_PER_DAY } from './domains/error-reports/index.js';
import { pausedSwitchesOf } from './domains/kill-switches/index.js';
import { raisedLimitsViewOf, type RateLimiter } from './domains/rate-limits/index.js';
import { STREAM_LIMITS, streamHub, type StreamHub } from './domains/realtime/index.js';
import { listenTo, type Listening } from './db/listen.js';
import { allowedOriginsViewOf } from './domains/tenants/index.js';
import { httpTransport, type WebhookTransport } from './domains/webhooks/index.js';
import { buildApp, type Listener, type RouteInfo } from './http/app.js';
import { cookiesAreSecure } from './http/web/web-session.js';
import { windowRateLimiter } from './http/rate-limiter.js';
import { migrateQueue, QUEUE_POOL_SIZE, startJobs, type Jobs } from './jobs/queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import { doorbell } from './lib/doorbell.js';
import { createLogger, type Logger } from './lib/logger.js';
import { DEFAULT_WIDGET_DIST, loadWidgetBundle } from './lib/widget-bundle.js';
import { DEFAULT_SDK_PACK_DIR, loadSdkTarball } from './lib/sdk-tarball.js';
import { serviceMetrics } from './metrics/index.js';
import { adminTokenNotice, loadOrCreateSecrets } from './lib/secrets.js';

const LISTENERS = ['sandbox', 'live', 'platform'] as const;

export interface RunningService {
  urls: Record<Listener, string>;
  routes: Record<Listener, RouteInfo[]>;
  deps: ServiceDeps;
  demo: Demo | null;
  /** Stops accepting, finishes in-flight requests and jobs, closes the pool and stops the embedded server. */
  stop(): Promise<void>;
}

/** The ports a test replaces; each has its real implementation by default. */
export interface StartOptions {
  clock?: Clock;
  logger?: Logger;
  webhookTransport?: WebhookTransport;
  rateLimiter?: RateLimiter;
  /** The daily cap of widget error reports per tenant environment; ERROR_REPORTS_PER_DAY unless a test lowers it. */
  errorReportsPerDay?: number;
  /** Where the packed SDK is read from (DEFAULT_SDK_PACK_DIR unless a test packs its own). */
  sdkPackDir?: string;
  /** Lines for the person who started the service (where to reach it, the generated token). */
  announce?: (line: string) => void;
}

/** config → database → migrations → listeners and jobs (docs/architecture.md, "The layout"). */
export async function startService(config: Config, options: StartOptions = {}): Promise<RunningService> {
  const announce = options.announce ?? (() => {});
  const log = options.logger ?? createLogger(config.logLevel);
  const needsSecrets =
    config.databaseUrl === null || config.platformAdminToken === null || config.widgetSessionSecret === null;
  const secrets = needsSecrets ? await loadOrCreateSecrets(config.dataDir) : null;

  let embedded: EmbeddedServer | null = null;
  let url = config.databaseUrl;
  if (url === null) {
    embedded = await startEmbeddedServer(config.dataDir, secrets!.embeddedDbPassword, announce);
    url = embedded.url;
  }
  const onIdleError = (error: Error) => log.warn({ err: error }, 'an idle database connection ended');
  const pool = createPool(url, config.dbPoolSize, onIdleError, { prepare: config.preparedStatements });
  // The write engine's rounds, on connections of their own whose statements are pipelined (no cursor
  // ever runs on them): docs/architecture.md, "The write path".
  const enginePool = createPool(url, ENGINE_CONNECTIONS, onIdleError, {
    prepare: config.preparedStatements,
    pipeline: true,
  });
  // Sessions of their own (a pooler in transaction mode would hand their session state to others): the
  // queue's LISTEN and claims, the migrations' advisory lock, the realtime LISTEN. The queue reads its job
  // ids (int8) as pg's strings and JSON-encodes them when a job fails, which a bigint cannot be (a failing
  // job would stay locked), so these connections leave int8 as strings.
  const directUrl = config.directDatabaseUrl ?? url;
  const queuePool = createPool(directUrl, QUEUE_POOL_SIZE, onIdleError, { int8AsBigint: false });
  let ready = false;
  const apps: Partial<Record<Listener, FastifyInstance>> = {};
  let jobs: Jobs | null = null;
  const redis = config.redisUrl ? connectRedis(config.redisUrl, log) : null;
  let streams: StreamHub | null = null;
  const webhookDoorbell = doorbell();
  let webhookListening: Listening | null = null;
  const apiKeys = keyCache();
  let apiKeysListening: Listening | null = null;
  let errorAnswers: ErrorAnswerRecorder | null = null;
  let requestLog: RequestLogRecorder | null = null;
  const stop = async () => {
    ready = false;
    // Streams never finish on their own: end them first, or closing the listeners would wait for them.
    await streams?.close();
    await Promise.all(Object.values(apps).map((app) => app.close()));
    await errorAnswers?.stop();
    await requestLog?.stop();
    await jobs?.stop();
    await webhookListening?.close();
    await apiKeysListening?.close();
    redis?.disconnect();
    await pool.end();
    await enginePool.end();
    await queuePool.end();
    await embedded?.stop();
  };

  try {
    if (config.directDatabaseUrl !== null) await assertSameDatabase(pool, queuePool);
    const applied = await migrate(queuePool);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    await migrateQueue(queuePool, log);
    const db = createDb(pool);
    const clock = options.clock ?? systemClock;
    const raisedLimits = raisedLimitsViewOf(db);
    const metrics = serviceMetrics({ db, clock, log });
    streams = streamHub(
      { db, clock, log, listen: (onNotify) => listenTo(directUrl, 'stream_changes', onNotify, log) },
      { ...STREAM_LIMITS, pingMs: config.streamPingMs },
    );
    // Caches nothing until this connection is up, and nothing while it is down (domains/api-keys/key-changes.ts).
    const keyChanges = keyChangeHandlers(apiKeys);
    // A worker-only process authenticates no key: it needs no such connection.
    if (config.runApi) {
      apiKeysListening = listenTo(directUrl, KEY_CHANGES_CHANNEL, keyChanges.onNotify, log, {
        onDown: keyChanges.onDown,
      });
    }
    errorAnswers = errorAnswerRecorder({ db, clock, log });
    requestLog = config.requestLog ? requestLogRecorder({ db, clock, log }, pool) : NO_REQUEST_LOG;
    const urls = {} as Record<Listener, string>; // filled as the listeners start, below
    const deps: ServiceDeps = {
      db,
      clock,
      log,
      webhookTransport: options.webhookTransport ?? httpTransport({ allowInsecure: config.allowInsecureWebhooks }),
      allowInsecureWebhooks: config.allowInsecureWebhooks,
      apiKeys,
      rateLimiter:
        options.rateLimiter ??
        windowRateLimiter({ redis, clock, log, raisedLimits, onStoreUnreachable: metrics.rateLimitStoreUnreachable }),
      raisedLimits,
      allowedOrigins: allowedOriginsViewOf(db),
      killSwitches: pausedSwitchesOf(db),
      errorAnswers,
      requestLog,
      streams,
      engine: createWriteEngine({
        transactions: pipelinedTransactions(enginePool),
        clock,
        log,
        observe: metrics.engine,
      }),
      metrics,
      webhookDoorbell,
      platformAdminToken: config.platformAdminToken ?? secrets!.platformAdminToken,
      widgetSessionSecret: config.widgetSessionSecret ?? secrets!.widgetSessionSecret,
      metricsToken: config.metricsToken,
      errorReportsPerDay: options.errorReportsPerDay ?? ERROR_REPORTS_PER_DAY,
      requestTimeoutMs: config.requestTimeoutMs,
      widgetBundle: await loadWidgetBundle(DEFAULT_WIDGET_DIST, log),
      sdkTarball: await loadSdkTarball(options.sdkPackDir ?? DEFAULT_SDK_PACK_DIR, log),
      instanceId: randomBytes(6).toString('hex'),
      publicUrl: (listener) => config.publicUrls[listener] ?? urls[listener],
      secureCookies: (listener) =>
        cookiesAreSecure(config.publicUrls[listener], listener === 'platform' ? config.platformHost : config.host),
      trustProxy: config.trustProxy,
      isReady: () => ready,
    };
    const hub = streams;
    metrics.watch({
      engine: () => deps.engine.stats(),
      openStreams: () => hub.size(),
      pools: { main: pool, engine: enginePool, queue: queuePool },
    });
    const demo = embedded && config.seedDemo && config.runApi ? await seedDemo(deps) : null;
    const listeners = {
      sandbox: { host: config.host, port: config.sandboxPort },
      live: { host: config.host, port: config.livePort },
      platform: { host: config.platformHost, port: config.platformPort },
    };
    const routes = {} as Record<Listener, RouteInfo[]>;
    // A worker-only process (RUN_API=0, start:cluster's workers) serves nothing: its urls stay empty.
    for (const listener of config.runApi ? LISTENERS : []) {
      // The demo page only on a loopback sandbox listener: its session route takes no credential.
      const demoPage = listener === 'sandbox' && demo && servesDemoPage(config.host);
      const app = await buildApp(listener, deps, demoPage ? demoRoutes(deps, demo) : undefined);
      apps[listener] = app;
      routes[listener] = app.routeTable;
      const address = await app.listen(listeners[listener]);
      urls[listener] = address.replace('://[::1]', '://localhost');
    }
    if (config.runWorkers) {
      webhookListening = listenTo(directUrl, 'webhook_deliveries', webhookDoorbell.ring, log);
      jobs = await startJobs(deps, queuePool);
    }
    if (demo?.sandboxKey) {
      // Through the service's own APIs, before /healthz says ready: a caller that waits for it (and a
      // SIGTERM handler installed once this returns) finds the demo whole.
      await seedDemoData(urls, deps.platformAdminToken, demo.tenantId, demo.sandboxKey, deps.db).catch(
        (error: unknown) =>
          log.error({ err: error }, 'the demo markets and users could not be made; the demo page shows what exists'),
      );
    }
    ready = true;
    if (config.platformAdminToken === null) announce(adminTokenNotice(config.dataDir, secrets!));
    if (demo) announce(demoInstructions(demo, urls.sandbox, config.host));
    return { urls, routes, deps, demo, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
