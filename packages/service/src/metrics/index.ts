import type pg from 'pg';
import { Registry } from 'prom-client';
import type { Db } from '../db/connection.js';
import { ROUND_STEPS, type EngineObserver, type EngineStats } from '../domains/engine/index.js';
import type { DeliveryOutcome } from '../domains/webhooks/index.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { backlogRegistry } from './backlog.js';
import { askPrimary, inCluster, joinClusterMetrics } from './cluster.js';
import { counterOf, gaugeOf, processDefaults, serviceSeries } from './series.js';

export { serveClusterMetrics } from './cluster.js';
export { BACKLOG_CACHE_MS } from './backlog.js';

/** One answered request, as the HTTP layer's onResponse hook sees it. */
export interface AnsweredRequest {
  listener: string;
  method: string;
  /** The route's pattern (/v1/users/:external_user_id), or "unmatched". */
  route: string;
  status: number;
  seconds: number;
  /** The error envelope's code, for an error answer. */
  errorCode: string | null;
  replayed: boolean;
}

/** What the figures read at scrape time come from; given once the service has built them. */
export interface MetricSources {
  engine(): EngineStats;
  openStreams(): number;
  pools: Record<string, pg.Pool>;
}

/**
 * The service's metrics (docs/metrics.md): prom-client's registries behind small observe hooks, so the
 * domains and the HTTP layer report what happens without knowing of Prometheus.
 */
export interface ServiceMetrics {
  /** The text exposition of the whole deployment: this process or the cluster, and the database's figures. */
  scrape(): Promise<string>;
  readonly contentType: string;
  request(answer: AnsweredRequest): void;
  readonly engine: EngineObserver;
  webhookAttempt(outcome: DeliveryOutcome): void;
  rateLimitRefused(tier: string): void;
  rateLimitStoreUnreachable(): void;
  /** Reads these at every scrape; until called, their series are absent. */
  watch(sources: MetricSources): void;
}

const IDEMPOTENCY_CONFLICTS = new Set(['idempotency_key_in_progress', 'idempotency_key_reused']);

export function serviceMetrics(ports: { db: Db; clock: Clock; log: Logger }): ServiceMetrics {
  const registry = new Registry();
  const series = serviceSeries(registry);
  const deployment = backlogRegistry(ports);
  /** What this process answers a scrape with: its own figures and this service's series. */
  const registries = [processDefaults(), registry];
  if (inCluster()) joinClusterMetrics(registries);

  return {
    contentType: registry.contentType,
    async scrape() {
      const processes = inCluster() ? await askPrimary() : await Registry.merge(registries).metrics();
      return `${processes.trimEnd()}\n${await deployment.metrics()}`;
    },
    request(answer) {
      const { listener, method, route, status } = answer;
      series.httpRequests.inc({ listener, method, route, status });
      series.httpDuration.observe(
        { listener, method, route, status_class: `${Math.floor(status / 100)}xx` },
        answer.seconds,
      );
      if (answer.errorCode !== null) {
        series.httpErrors.inc({ listener, code: answer.errorCode });
        if (IDEMPOTENCY_CONFLICTS.has(answer.errorCode))
          series.idempotencyConflicts.inc({ listener, code: answer.errorCode });
      }
      if (answer.replayed) series.idempotencyReplays.inc({ listener });
    },
    engine: {
      round: (commands, seconds) => {
        series.engineRoundSize.observe(commands);
        series.engineRoundDuration.observe(seconds);
      },
      queueWait: (seconds) => series.engineQueueWait.observe(seconds),
    },
    webhookAttempt: (outcome) => series.webhookAttempts.inc({ outcome }),
    rateLimitRefused: (tier) => series.rateLimitRefusals.inc({ tier }),
    rateLimitStoreUnreachable: () => series.rateLimitStoreUnreachable.inc(),
    watch(sources) {
      watchEngine(registry, sources.engine);
      gaugeOf(registry, 'pm_realtime_open_streams', 'Realtime streams (GET /v1/widget/stream) open now.', null, () =>
        sources.openStreams(),
      );
      for (const [name, pool] of Object.entries(sources.pools)) {
        timeAcquire(pool, (seconds) => series.poolAcquireWait.observe({ pool: name }, seconds));
      }
      const perPool = (read: (pool: pg.Pool) => number) => () =>
        Object.fromEntries(Object.entries(sources.pools).map(([name, pool]) => [name, read(pool)]));
      gaugeOf(
        registry,
        'pm_db_pool_connections',
        'Connections the pool holds (idle or checked out).',
        'pool',
        perPool((p) => p.totalCount),
      );
      gaugeOf(
        registry,
        'pm_db_pool_idle_connections',
        'Connections idle in the pool.',
        'pool',
        perPool((p) => p.idleCount),
      );
      gaugeOf(
        registry,
        'pm_db_pool_waiting_clients',
        'Callers waiting for a connection because every one is checked out.',
        'pool',
        perPool((p) => p.waitingCount),
      );
    },
  };
}

/** The engine's own counters (GET /platform/v1/engine reads the same), read at scrape time. */
function watchEngine(registry: Registry, stats: () => EngineStats): void {
  const counters = [
    [
      'pm_engine_rounds_total',
      'Write-engine rounds (transactions committed or rolled back).',
      (s: EngineStats) => s.rounds,
    ],
    [
      'pm_engine_commands_total',
      'Commands the write engine answered (a batch item is one).',
      (s: EngineStats) => s.commands,
    ],
    [
      'pm_engine_deferrals_total',
      'Commands put back for the next round because another transaction held their market or user.',
      (s: EngineStats) => s.deferrals,
    ],
    [
      'pm_engine_blocking_rounds_total',
      'Rounds that waited for their locks (a command put back too often).',
      (s: EngineStats) => s.blockingRounds,
    ],
    [
      'pm_engine_failed_rounds_total',
      'Rounds whose transaction failed (their commands then ran one group at a time).',
      (s: EngineStats) => s.failedRounds,
    ],
  ] as const;
  for (const [name, help, read] of counters) counterOf(registry, name, help, null, () => read(stats()));
  counterOf(
    registry,
    'pm_engine_round_step_seconds_total',
    'Seconds the write engine spent in each step of its rounds (begin, lock, read, evaluate, commit).',
    'step',
    () => {
      const { stepMs } = stats();
      return Object.fromEntries(ROUND_STEPS.map((step) => [step, stepMs[step] / 1000]));
    },
  );
}

/**
 * Times every wait for a connection: kysely asks with pool.connect(), pool.query with a callback; both
 * go through this property of the pool.
 */
function timeAcquire(pool: pg.Pool, observe: (seconds: number) => void): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<pg.PoolClient>;
  const timed = (callback?: (...args: unknown[]) => void) => {
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    if (callback) {
      return connect((...args: unknown[]) => {
        done();
        callback(...args);
      });
    }
    return connect().finally(done);
  };
  pool.connect = timed as typeof pool.connect;
}
