import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { JobHelpers } from 'graphile-worker';
import { taskList } from '../src/jobs/tasks.js';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, startTestService, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { startReceiver, type Receiver } from './receiver.js';
import { createMarket, fundedUser, widgetOpen } from './trading-helpers.js';

/**
 * The background jobs as a running service runs them (RUN_WORKERS=1): on graphile-worker, in the service's
 * database, with nobody calling their verbs.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let receiver: Receiver;

/** Waits (in real time: the jobs are scheduled by the queue) until check() holds, up to 15 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('the job did not run within 15 s');
}

beforeAll(async () => {
  service = await startTestService({ clock, env: { RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1' } });
  tenant = await createTenant(service);
  receiver = await startReceiver();
  const settings = { webhook_url: receiver.url };
  expect(
    (await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`, settings)).status,
  ).toBe(200);
  expect(
    (await service.platform('POST', `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox/webhook-secret`))
      .status,
  ).toBe(201);
});
afterAll(async () => {
  await service.stop();
  await receiver.close();
});

describe('the jobs of a running service', () => {
  it('deliver webhooks: a widget open reaches the receiver', async () => {
    const { opened } = await widgetOpen(service, tenant, 'jobs');
    await eventually(async () => receiver.received.some((r) => r.json?.data?.position_id === opened.json.id));
    const delivered = receiver.received.find((r) => r.json.data.position_id === opened.json.id)!;
    expect(delivered.headers['x-webhook-event']).toBe('position.opened');
  });

  it('expire orders past expires_at, on the service clock', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'expiring');
    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const order = await service.api('sandbox', 'POST', '/v1/orders', {
      key: tenant.sandboxKey,
      body: {
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '1.00',
        limit_price: '0.01',
        expires_at: expiresAt,
      },
      idempotencyKey: uniqueKey(),
    });
    expect(order.json.status).toBe('open');
    clock.advance(120_000);
    const status = async () =>
      (await service.api('sandbox', 'GET', `/v1/orders/${order.json.id}`, { key: tenant.sandboxKey })).json.status;
    await eventually(async () => (await status()) === 'expired');
  });

  it('run one webhook pass per process: a run that comes while one is in progress ends at once', async () => {
    const tasks = taskList(service.deps);
    const stop = new AbortController();
    const added: { task: string; runAt: number }[] = [];
    const helpers = {
      abortSignal: stop.signal,
      addJob: async (task: string, _payload: unknown, spec: { runAt: Date }) =>
        void added.push({ task, runAt: spec.runAt.getTime() }),
    } as unknown as JobHelpers;
    const first = tasks['deliver-webhooks']!({}, helpers);
    const surplusAt = Date.now();
    await tasks['deliver-webhooks']!({}, helpers);
    // The surplus run hands its key on to a run due when the pass ends, so one run stays pending.
    expect(added).toEqual([{ task: 'deliver-webhooks', runAt: expect.any(Number) }]);
    expect(added[0]!.runAt).toBeGreaterThan(surplusAt + 50_000);
    stop.abort();
    await first;
    // The pass that ran schedules the next one, at once.
    expect(added.map((a) => a.task)).toEqual(['deliver-webhooks', 'deliver-webhooks']);
    expect(added[1]!.runAt).toBeLessThanOrEqual(Date.now());
  });

  it('keep exactly one pending run of each self-rescheduling job, cluster-wide', async () => {
    const { rows } = await sql<{ task: string; n: number }>`
      select t.identifier as task, count(*)::int as n
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where j.key in ('deliver-webhooks', 'expire-orders')
      group by t.identifier order by t.identifier`.execute(service.db);
    expect(rows).toEqual([
      { task: 'deliver-webhooks', n: 1 },
      { task: 'expire-orders', n: 1 },
    ]);
  });
});
