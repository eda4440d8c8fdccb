import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTo } from '../src/db/listen.js';
import { recordEvents, type NewEvent } from '../src/domains/events/event-repo.js';
import { deliverDue, type DeliveryOptions } from '../src/domains/webhooks/index.js';
import { FakeClock } from '../src/lib/clock.js';
import { doorbell } from '../src/lib/doorbell.js';
import { memoryLogger } from '../src/lib/logger.js';
import {
  createTenant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';
import { receiverFor, type Receiver } from './receiver.js';
import { createMarket } from './trading-helpers.js';

/**
 * Issue 26: one tenant environment's dead receiver and huge backlog must not hold up another's webhooks.
 * On a database of its own: the backlog's 10,000 deliveries would otherwise be claimed (and sent to a
 * receiver that never answers) by every other test file's delivery passes.
 */

const BACKLOG = 10_000;
type OwnService = Awaited<ReturnType<typeof startServiceOnOwnDatabase>>;
/** Inside the test markets' trading window (trading-helpers.ts). */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');

/**
 * A tenant whose receiver never answers 2xx (holds each delivery open, refuses it at once, or refuses it
 * after 100-400 ms), with `count` events due since an hour ago: older than anything the test makes next.
 */
async function deadTenant(service: TestService, answer: 'hang' | 500 | 'slow 500', count = BACKLOG) {
  const tenant = await createTenant(service);
  const { receiver } = await receiverFor(service, tenant.tenantId);
  receiver.answer = () => {
    if (answer !== 'slow 500') return answer;
    receiver.delayMs = 100 + Math.random() * 300;
    return 500;
  };
  const scope = { tenantId: tenant.tenantId, environment: 'sandbox' as const };
  const events = Array.from({ length: count }, (_, i): NewEvent => ({
    scope,
    type: 'market.resolved',
    data: { market_slug: `backlog-${i}`, resolved_outcome_id: '00000000-0000-4000-8000-000000000000' },
  }));
  await recordEvents(service.db, events, new Date(service.deps.clock.now().getTime() - 3_600_000));
  return { tenant, receiver };
}

/** A healthy tenant's widget user opens a position (position.opened), then the market resolves (two more events). */
async function healthyTrades(service: TestService, tenant: TestTenant) {
  const market = await createMarket(service, tenant);
  const user = uniqueKey('fair-user');
  await registerUser(service, tenant.sandboxKey, user);
  expect(
    (await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'credit', amount: '50.00' })).status,
  ).toBe(200);
  const session = await service.api('sandbox', 'POST', '/v1/widget/sessions', {
    key: tenant.sandboxKey,
    body: { external_user_id: user },
  });
  const body = { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '5.00', max_price: '1' };
  const opened = await service.api('sandbox', 'POST', '/v1/positions', {
    key: session.json.token,
    body,
    idempotencyKey: uniqueKey('open'),
  });
  expect(opened.status, opened.text).toBe(201);
  const resolved = await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
    outcome_id: market.outcomes[0]!.id,
  });
  expect(resolved.status, resolved.text).toBe(200);
}

/**
 * A delivery pass of the test's own, woken only by LISTEN webhook_deliveries (no periodic wake-up, no end
 * while idle). stop() closes the receivers first, so that the attempts they hold end, then the pass.
 */
function passWokenByEnqueues(service: OwnService, options: Partial<DeliveryOptions>) {
  const bell = doorbell();
  const listening = listenTo(service.databaseUrl, 'webhook_deliveries', bell.ring, memoryLogger('silent').log);
  let going = true;
  const pass = deliverDue(
    service.system(),
    { transport: service.deps.webhookTransport, keepGoing: () => going, doorbell: bell },
    { wakeMs: 600_000, lingerMs: 600_000, ...options },
  );
  return {
    async stop(receivers: Receiver[]) {
      going = false;
      await Promise.all(receivers.map((r) => r.close()));
      await pass.catch(() => {});
      await listening.close();
    },
  };
}

async function waitFor(what: string, done: () => boolean, timeoutMs = 25_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(20);
  }
}

const types = (receiver: Receiver) => receiver.received.map((r) => r.json.event as string).sort();
const EXPECTED = ['market.resolved', 'position.opened', 'position.settled'];

describe('webhook delivery is fair between tenant environments', () => {
  let service: OwnService;
  beforeAll(async () => {
    service = await startServiceOnOwnDatabase({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
  });
  afterAll(() => service.stop());

  it('sends a healthy environment its events while another holds 10,000 due deliveries open, woken by the enqueue', async () => {
    const dead = await deadTenant(service, 'hang');
    const healthy = await createTenant(service);
    const { receiver } = await receiverFor(service, healthy.tenantId);
    // A long timeout and no periodic wake-up: only the doorbell (LISTEN webhook_deliveries) can make the
    // pass claim the healthy tenant's events while the dead receiver's attempts hang.
    const pass = passWokenByEnqueues(service, { timeoutMs: 60_000 });
    try {
      await waitFor('the dead receiver to hold four deliveries', () => dead.receiver.inFlight === 4);
      await healthyTrades(service, healthy);
      await waitFor("the healthy tenant's events", () => receiver.received.length === EXPECTED.length);
      expect(types(receiver)).toEqual(EXPECTED);
      // Sent while the dead receiver still holds its first four: none of them timed out or was retried.
      expect(dead.receiver.received).toHaveLength(4);
      expect(dead.receiver.inFlight).toBe(4);
    } finally {
      await pass.stop([dead.receiver, receiver]);
    }
  });

  it("claims each environment's own due deliveries in the service's delivery job, whatever another's backlog", async () => {
    const worker = await startTestService({
      clock,
      env: { DATABASE_URL: service.databaseUrl, RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1' },
    });
    // Refused at once, so the backlog's environment never fills its slots for long: a claim of the globally
    // oldest due rows would take only its deliveries (the fixed clock keeps their retries in the future)
    // until all 10,000 had been attempted once.
    const dead = await deadTenant(service, 500);
    const healthy = await createTenant(service);
    const { receiver } = await receiverFor(service, healthy.tenantId);
    try {
      await waitFor('the backlog to be on its way', () => dead.receiver.received.length >= 8);
      await healthyTrades(service, healthy);
      await waitFor("the healthy tenant's events", () => receiver.received.length === EXPECTED.length, 60_000);
      expect(types(receiver)).toEqual(EXPECTED);
      expect(dead.receiver.received.length).toBeLessThan(BACKLOG / 2);
      expect(dead.receiver.maxInFlight).toBeLessThanOrEqual(4);
    } finally {
      await worker.stop();
      await dead.receiver.close();
      await receiver.close();
    }
  }, 90_000);
});

describe('when slow receivers fill every slot of the process', () => {
  let service: OwnService;
  beforeAll(async () => {
    service = await startServiceOnOwnDatabase({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
  });
  afterAll(() => service.stop());

  it("gives a freed slot to an environment with nothing in flight before a backlog's next delivery", async () => {
    // Three environments whose receivers fail each delivery after 100-400 ms fill the pass's 12 slots, so
    // slots come free one at a time, each taken by a claim of room 1. Ranked by the slot it would take
    // counting what is in flight, the healthy environment's event (its first) beats a backlog's next
    // (its fourth), however much older.
    const dead: Awaited<ReturnType<typeof deadTenant>>[] = [];
    for (let i = 0; i < 3; i++) dead.push(await deadTenant(service, 'slow 500', 300));
    const healthy = await createTenant(service);
    const { receiver } = await receiverFor(service, healthy.tenantId);
    const pass = passWokenByEnqueues(service, { maxInFlight: 12, maxInFlightPerEnv: 4 });
    const attempted = () => dead.reduce((sum, d) => sum + d.receiver.received.length, 0);
    try {
      await waitFor('the backlogs to be on their way', () => attempted() >= 24);
      await healthyTrades(service, healthy);
      const before = attempted();
      await waitFor("the healthy tenant's events", () => receiver.received.length === EXPECTED.length);
      expect(types(receiver)).toEqual(EXPECTED);
      // Its three events took the next freed slots (0-2 backlog attempts in between, measured); ranked
      // without what is in flight, the backlogs' older deliveries won the slots (82-137 in between).
      expect(attempted() - before).toBeLessThan(30);
    } finally {
      await pass.stop([...dead.map((d) => d.receiver), receiver]);
    }
  }, 60_000);
});
