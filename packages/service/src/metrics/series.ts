import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Every series a service keeps, and the process's own figures (docs/metrics.md lists them with their
 * meaning). Labels are bounded: a listener, a method, a route pattern, a status, an error code of the
 * catalog, a tier, an outcome, a step, a pool name; never a tenant, a user or a raw URL.
 */

/** Request latency: from a few ms (a cached read) to the request timeout's range. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Engine rounds run from under a millisecond (one command) to seconds (a slow-lane round). */
const ROUND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Commands per round, up to the engine's bound of 1,000. */
const ROUND_SIZE_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
/** A connection from the pool: at once when one is idle, then up to the statement timeouts. */
const ACQUIRE_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type ServiceSeries = ReturnType<typeof serviceSeries>;

let processFigures: Registry | undefined;

/**
 * The process's own figures (CPU, memory, garbage collection, the event loop's delay): one registry a
 * process, made on first use. prom-client's collectors for them watch the process and are never stopped,
 * so a registry of each service's own would keep every stopped service alive (tests start many in one
 * process) and add one more observer of every garbage collection each time.
 */
export function processDefaults(): Registry {
  if (!processFigures) {
    processFigures = new Registry();
    collectDefaultMetrics({ register: processFigures, prefix: 'pm_' });
  }
  return processFigures;
}

/** The service's own series, in its registry; the process's figures are processDefaults(). */
export function serviceSeries(registry: Registry) {
  const registers = [registry];
  return {
    httpRequests: new Counter({
      name: 'pm_http_requests_total',
      help: 'HTTP requests answered, by listener, method, route pattern and status.',
      labelNames: ['listener', 'method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'pm_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by listener, method, route pattern and status class.',
      labelNames: ['listener', 'method', 'route', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    httpErrors: new Counter({
      name: 'pm_http_error_answers_total',
      help: "Error answers by listener and the envelope's code (other: a code outside the catalog).",
      labelNames: ['listener', 'code'] as const,
      registers,
    }),
    idempotencyReplays: new Counter({
      name: 'pm_idempotency_replays_total',
      help: 'Answers sent again for an Idempotency-Key already answered (Idempotent-Replayed: true).',
      labelNames: ['listener'] as const,
      registers,
    }),
    idempotencyConflicts: new Counter({
      name: 'pm_idempotency_conflicts_total',
      help: 'Keyed requests refused for their key: idempotency_key_in_progress (409) or idempotency_key_reused (422).',
      labelNames: ['listener', 'code'] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'pm_rate_limit_refusals_total',
      help: 'Requests refused 429 rate_limited, by rate tier.',
      labelNames: ['tier'] as const,
      registers,
    }),
    rateLimitStoreUnreachable: new Counter({
      name: 'pm_rate_limit_store_unreachable_total',
      help: 'Requests served unlimited because the rate-limit store (Redis) could not be reached.',
      registers,
    }),
    webhookAttempts: new Counter({
      name: 'pm_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome: delivered, failed (retried later), not_sent (no webhook secret; retried later), dead_lettered.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    engineRoundSize: new Histogram({
      name: 'pm_engine_round_size_commands',
      help: 'Commands answered per write-engine round.',
      buckets: ROUND_SIZE_BUCKETS,
      registers,
    }),
    engineRoundDuration: new Histogram({
      name: 'pm_engine_round_duration_seconds',
      help: "A write-engine round's transaction, from BEGIN to COMMIT (rounds that committed).",
      buckets: ROUND_BUCKETS,
      registers,
    }),
    engineQueueWait: new Histogram({
      name: 'pm_engine_queue_wait_seconds',
      help: "Time a command group waited in the engine's queue before a round took it (again after a deferral).",
      buckets: ROUND_BUCKETS,
      registers,
    }),
    poolAcquireWait: new Histogram({
      name: 'pm_db_pool_acquire_wait_seconds',
      help: 'Time a caller waited for a connection from the pool.',
      labelNames: ['pool'] as const,
      buckets: ACQUIRE_BUCKETS,
      registers,
    }),
  };
}

type Read = () => Record<string, number> | number;

/** A counter whose value is read from elsewhere at scrape time (the engine keeps its own counts), per label value. */
export function counterOf(registry: Registry, name: string, help: string, label: string | null, read: Read): void {
  readAtScrape<Counter>(Counter, registry, name, help, label, read, (metric, labels, value) =>
    metric.inc(labels, value),
  );
}

/** A gauge read at scrape time, per label value. */
export function gaugeOf(registry: Registry, name: string, help: string, label: string | null, read: Read): void {
  readAtScrape<Gauge>(Gauge, registry, name, help, label, read, (metric, labels, value) => metric.set(labels, value));
}

/** A series whose value is put afresh at every scrape from `read`: one value, or one per label value. */
function readAtScrape<M extends Counter | Gauge>(
  Kind: new (config: {
    name: string;
    help: string;
    labelNames: string[];
    registers: Registry[];
    collect(this: M): void;
  }) => M,
  registry: Registry,
  name: string,
  help: string,
  label: string | null,
  read: Read,
  put: (metric: M, labels: Record<string, string>, value: number) => void,
): void {
  new Kind({
    name,
    help,
    labelNames: label ? [label] : [],
    registers: [registry],
    collect(this: M) {
      this.reset();
      const value = read();
      if (typeof value === 'number') put(this, {}, value);
      else for (const [key, v] of Object.entries(value)) put(this, { [label!]: key }, v);
    },
  });
}
