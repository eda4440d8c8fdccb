import { setTimeout as sleep } from 'node:timers/promises';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { refusingRateLimiter } from '../src/http/rate-limit.js';
import { windowRateLimiter } from '../src/http/rate-limiter.js';
import { raisedLimitsViewOf } from '../src/domains/rate-limits/index.js';
import { backlogRegistry } from '../src/metrics/backlog.js';
import { FakeClock, systemClock } from '../src/lib/clock.js';
import { memoryLogger } from '../src/lib/logger.js';
import {
  ADMIN_TOKEN,
  call,
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, sessionFor } from './trading-helpers.js';
import { openSse } from './sse-client.js';
import { startReceiver, type Receiver } from './receiver.js';
import { parseMetrics, valueOf, type Sample } from './metrics-parse.js';

/**
 * GET /metrics on the platform listener (docs/metrics.md): a service with its jobs running, traffic of
 * each kind the series count, then one scrape whose figures match that traffic.
 */

let service: TestService;
let tenant: TestTenant;
let receiver: Receiver;
const METRICS_TOKEN = 'metrics-token-for-prometheus-0123456789';

beforeAll(async () => {
  service = await startTestService({
    env: { RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1', METRICS_TOKEN },
    // Every market read is refused, so one GET /v1/markets is one 429 of tier feed_read.
    rateLimiter: refusingRateLimiter(['feed_read']).limiter,
  });
  tenant = await createTenant(service);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await service?.stop();
});

async function scrape(token: string | null = ADMIN_TOKEN) {
  return call(service.urls.platform, 'GET', '/metrics', token === null ? {} : { key: token });
}

describe('GET /metrics', () => {
  it('refuses a scrape without the platform admin token with the envelope', async () => {
    expectEnvelope(await scrape(null), 'invalid_api_key', 401);
    expectEnvelope(await scrape('not-the-token-0123456789abcdef0123456789'), 'invalid_api_key', 401);
    // The operator listeners have no such route, and their reference does not list it.
    expectEnvelope(await service.api('sandbox', 'GET', '/metrics', { key: tenant.sandboxKey }), 'not_found', 404);
    const reference = await service.api('sandbox', 'GET', '/v1/openapi.json');
    expect(Object.keys(reference.json.paths)).not.toContain('/metrics');
  });

  it('counts the traffic sent: requests, latencies, error codes, replays, refusals, rounds, deliveries', async () => {
    const user = uniqueKey('metrics-user');
    await registerUser(service, tenant.sandboxKey, user);
    const credit = { external_user_id: user, direction: 'credit', amount: '10' };
    const keys = [uniqueKey('m'), uniqueKey('m'), uniqueKey('m')];
    for (const key of keys) expect((await sync(service, tenant.sandboxKey, credit, key)).status).toBe(200);
    const replay = await sync(service, tenant.sandboxKey, credit, keys[0]);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expectEnvelope(
      await sync(service, tenant.sandboxKey, { ...credit, amount: '11' }, keys[0]),
      'idempotency_key_reused',
      422,
    );
    expectEnvelope(await sync(service, tenant.sandboxKey, { external_user_id: user }), 'validation_failed', 400);
    expectEnvelope(await service.api('sandbox', 'GET', '/v1/markets', { key: tenant.sandboxKey }), 'rate_limited', 429);
    expectEnvelope(await service.api('live', 'GET', '/v1/no-such-route'), 'not_found', 404);

    // A webhook delivery, by the worker this service runs.
    expect(
      (
        await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, {
          webhook_url: receiver.url,
        })
      ).status,
    ).toBe(200);
    await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox/webhook-secret`);
    const test = await service.api('sandbox', 'POST', '/v1/webhooks/test', {
      key: tenant.sandboxKey,
      body: { event: 'report.ready' },
      idempotencyKey: uniqueKey('hook'),
    });
    expect(test.status, test.text).toBe(202);

    // An open realtime stream.
    const market = await createMarket(service, tenant, {
      opens_at: new Date(Date.now() - 3_600_000).toISOString(),
      closes_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    const stream = await openSse(service.urls.sandbox, await sessionFor(service, tenant.sandboxKey, user), [
      market.slug,
    ]);
    expect(stream.status).toBe(200);

    // The delivery is counted once its attempt is recorded, a moment after the receiver has it.
    let samples: Sample[] = [];
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await scrape();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      samples = parseMetrics(res.text);
      if (valueOf(samples, 'pm_webhook_delivery_attempts_total', { outcome: 'delivered' }) >= 1) break;
      if (Date.now() > deadline) throw new Error(`no delivery counted; the receiver has ${receiver.received.length}`);
      await sleep(100);
    }
    stream.close();
    const text = (await scrape()).text;
    expect(receiver.received.some((r) => r.json?.id === test.json.delivery_id)).toBe(true);

    const sandbox = (route: string, method: string, status: number) =>
      valueOf(samples, 'pm_http_requests_total', { listener: 'sandbox', method, route, status: String(status) });
    expect(sandbox('/v1/balance-sync', 'POST', 200)).toBe(4); // three and the replay
    expect(sandbox('/v1/balance-sync', 'POST', 422)).toBe(1);
    expect(sandbox('/v1/balance-sync', 'POST', 400)).toBe(1);
    expect(sandbox('/v1/markets', 'GET', 429)).toBe(1);
    expect(sandbox('/v1/webhooks/test', 'POST', 202)).toBe(1);
    expect(
      valueOf(samples, 'pm_http_requests_total', {
        listener: 'live',
        method: 'GET',
        route: 'unmatched',
        status: '404',
      }),
    ).toBe(1);
    expect(
      valueOf(samples, 'pm_http_request_duration_seconds_count', {
        listener: 'sandbox',
        method: 'POST',
        route: '/v1/balance-sync',
        status_class: '2xx',
      }),
    ).toBe(4);
    expect(
      valueOf(samples, 'pm_http_request_duration_seconds_sum', {
        listener: 'sandbox',
        method: 'POST',
        route: '/v1/balance-sync',
        status_class: '2xx',
      }),
    ).toBeGreaterThan(0);

    const errors = (listener: string, code: string) =>
      valueOf(samples, 'pm_http_error_answers_total', { listener, code });
    expect(errors('sandbox', 'validation_failed')).toBe(1);
    expect(errors('sandbox', 'rate_limited')).toBe(1);
    expect(errors('sandbox', 'idempotency_key_reused')).toBe(1);
    expect(errors('live', 'not_found')).toBe(1);
    // The scrapes refused in the test before this one, on the platform listener.
    expect(errors('platform', 'invalid_api_key')).toBe(2);

    expect(valueOf(samples, 'pm_idempotency_replays_total', { listener: 'sandbox' })).toBe(1);
    expect(
      valueOf(samples, 'pm_idempotency_conflicts_total', { listener: 'sandbox', code: 'idempotency_key_reused' }),
    ).toBe(1);
    expect(valueOf(samples, 'pm_rate_limit_refusals_total', { tier: 'feed_read' })).toBe(1);

    // The engine's figures are the ones GET /platform/v1/engine gives.
    const engine = (await service.platform('GET', '/platform/v1/engine')).json;
    expect(valueOf(samples, 'pm_engine_rounds_total')).toBe(engine.rounds);
    expect(valueOf(samples, 'pm_engine_commands_total')).toBe(engine.commands);
    expect(valueOf(samples, 'pm_engine_deferrals_total')).toBe(engine.deferrals);
    expect(valueOf(samples, 'pm_engine_failed_rounds_total')).toBe(engine.failed_rounds);
    expect(engine.commands).toBeGreaterThanOrEqual(3);
    expect(valueOf(samples, 'pm_engine_round_size_commands_count')).toBe(engine.rounds);
    expect(valueOf(samples, 'pm_engine_round_size_commands_sum')).toBe(engine.commands);
    expect(valueOf(samples, 'pm_engine_round_duration_seconds_count')).toBe(engine.rounds);
    expect(valueOf(samples, 'pm_engine_queue_wait_seconds_count')).toBeGreaterThanOrEqual(engine.rounds);
    expect(valueOf(samples, 'pm_engine_round_step_seconds_total', { step: 'commit' })).toBeCloseTo(
      engine.step_ms.commit / 1000,
      1,
    );

    expect(valueOf(samples, 'pm_realtime_open_streams')).toBe(1);
    expect(valueOf(samples, 'pm_db_pool_connections', { pool: 'main' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'pm_db_pool_idle_connections', { pool: 'main' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'pm_db_pool_waiting_clients', { pool: 'main' })).toBe(0);
    expect(valueOf(samples, 'pm_db_pool_connections', { pool: 'queue' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'pm_db_pool_acquire_wait_seconds_count', { pool: 'main' })).toBeGreaterThan(10);

    // The deployment's figures, from the database (shared by the run's other files: only their range).
    expect(valueOf(samples, 'pm_metrics_database_read_ok')).toBe(1);
    for (const name of [
      'pm_webhook_backlog_deliveries',
      'pm_webhook_oldest_pending_age_seconds',
      'pm_webhook_oldest_due_lag_seconds',
      'pm_webhook_dead_letters',
    ]) {
      expect(valueOf(samples, name), name).toBeGreaterThanOrEqual(0);
    }
    for (const state of ['due', 'scheduled', 'running', 'failed']) {
      expect(valueOf(samples, 'pm_job_queue_jobs', { state }), state).toBeGreaterThanOrEqual(0);
    }
    // The self-rescheduling jobs: the webhook pass runs or waits for its next run.
    expect(
      valueOf(samples, 'pm_job_queue_jobs', { state: 'running' }) +
        valueOf(samples, 'pm_job_queue_jobs', { state: 'scheduled' }),
    ).toBeGreaterThanOrEqual(1);

    // prom-client's process figures, with the same prefix.
    expect(valueOf(samples, 'pm_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'pm_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // No label carries a tenant, a user, a key or a raw URL.
    for (const secret of [tenant.tenantId, user, tenant.sandboxKey, keys[0]!, market.slug]) {
      expect(text).not.toContain(secret);
    }
    for (const sample of samples) {
      if (sample.labels.route) expect(sample.labels.route).toMatch(/^(\/[a-z0-9_:.\-/{}*]*|unmatched)$/);
    }
  }, 60_000);

  it('counts requests served unlimited while the rate-limit store is unreachable', async () => {
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    let fallbacks = 0;
    const limiter = windowRateLimiter({
      redis,
      clock: systemClock,
      log: memoryLogger('silent').log,
      raisedLimits: raisedLimitsViewOf(service.db),
      onStoreUnreachable: () => (fallbacks += 1),
    });
    const query = {
      tier: 'default' as const,
      tenantEnv: { tenantId: tenant.tenantId, environment: 'sandbox' as const },
    };
    expect(await limiter.check({ ...query, externalUserId: null })).toEqual({ limited: false, headers: null });
    expect(await limiter.check({ ...query, externalUserId: null })).toEqual({ limited: false, headers: null });
    expect(fallbacks).toBe(2);
    redis.disconnect();
  });

  it('takes METRICS_TOKEN for GET /metrics alone: every platform API route refuses it', async () => {
    const scraped = await scrape(METRICS_TOKEN);
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('# TYPE pm_http_requests_total counter');
    const platform = (method: string, path: string, body?: unknown) =>
      call(service.urls.platform, method, path, { key: METRICS_TOKEN, body });
    for (const [method, path, body] of [
      ['GET', '/platform/v1/kill-switches'],
      ['PUT', '/platform/v1/kill-switches/sync', { paused: true }],
      ['PUT', `/platform/v1/tenants/${tenant.tenantId}/pauses/sync`, { paused: true }],
      ['GET', `/platform/v1/tenants/${tenant.tenantId}`],
      ['POST', '/platform/v1/dead-letters/resend', {}],
      ['GET', '/platform/v1/engine'],
    ] as const) {
      expectEnvelope(await platform(method, path, body), 'invalid_api_key', 401);
    }
    const switches = await service.platform('GET', '/platform/v1/kill-switches');
    expect(switches.json.data.every((s: { paused: boolean }) => !s.paused)).toBe(true);
  });

  it('reads the database figures once per cache period, however many scrapes come', async () => {
    let queries = 0;
    const counting = service.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const clock = new FakeClock('2026-06-01T12:00:00.000Z');
    const registry = backlogRegistry({ db: counting, clock, log: memoryLogger('silent').log });
    await Promise.all(Array.from({ length: 20 }, () => registry.metrics()));
    // One statement for the webhook backlog (delivery-repo), one for the job queue (jobs/queue-counts).
    expect(queries).toBe(2);
    const text = await registry.metrics();
    expect(queries).toBe(2);
    expect(valueOf(parseMetrics(text), 'pm_metrics_database_read_ok')).toBe(1);
  });
});

const ALERTS = fileURLToPath(new URL('../../../docs/prometheus/alerts.yml', import.meta.url));

const PROMTOOL = '/usr/bin/promtool';
const hasPromtool = existsSync(PROMTOOL);
if (!hasPromtool) {
  console.warn(`${PROMTOOL} is missing (Debian's prometheus package): docs/prometheus/alerts.yml is not checked`);
}

describe('docs/prometheus/alerts.yml', () => {
  it.skipIf(!hasPromtool)('passes promtool check rules', async () => {
    const { stdout } = await promisify(execFile)(PROMTOOL, ['check', 'rules', ALERTS]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });
});
