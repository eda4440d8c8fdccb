import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Environment } from '../src/db/schema.js';
import { deliverDue } from '../src/domains/webhooks/deliver-due.js';
import { MAX_ATTEMPTS, RETRY_WINDOW_MS } from '../src/domains/webhooks/model/schedule.js';
import { verifySignature } from '../src/domains/webhooks/signature.js';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket } from './trading-helpers.js';
import { startReceiver, type Answer, type Received, type Receiver } from './receiver.js';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
/** The receivers here are plain http on loopback, which ALLOW_INSECURE_WEBHOOKS allows. */
const INSECURE = { ALLOW_INSECURE_WEBHOOKS: '1' };
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock, env: INSECURE });
});
afterAll(() => service.stop());

/** One worker pass with a short timeout, as the job runs it, on the service's transport. */
const portsOf = (on: TestService) => ({ transport: on.deps.webhookTransport, keepGoing: () => on.deps.isReady() });
const pass = (on: TestService = service) => deliverDue(on.system(), portsOf(on), { timeoutMs: 400 });

// ---- tenants, trades and what the database says -----------------------------------------------

async function setWebhook(
  tenant: TestTenant,
  webhookUrl: string | null,
  environment: Environment = 'sandbox',
  on = service,
) {
  const res = await on.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/${environment}`, {
    webhook_url: webhookUrl,
  });
  expect(res.status, res.text).toBe(200);
}

async function rotateSecret(tenant: TestTenant, environment: Environment = 'sandbox', on = service): Promise<string> {
  const res = await on.platform(
    'POST',
    `/platform/v1/tenants/${tenant.tenantId}/environments/${environment}/webhook-secret`,
  );
  expect(res.status).toBe(201);
  return res.json.webhook_secret;
}

/** A tenant whose sandbox posts to the receiver, with its secret (or none), and its market. */
async function hookedTenant(receiver: Receiver | null, options: { secret?: boolean; on?: TestService } = {}) {
  const on = options.on ?? service;
  const tenant = await createTenant(on);
  if (receiver) await setWebhook(tenant, receiver.url, 'sandbox', on);
  const secret = options.secret === false ? null : await rotateSecret(tenant, 'sandbox', on);
  return { tenant, secret, market: await createMarket(on, tenant) };
}

type Trader = Pick<Awaited<ReturnType<typeof hookedTenant>>, 'tenant' | 'market'>;

/** Whether a receiver would accept this delivery with this secret (its HMAC over the raw bytes). */
const signedWith = (secret: string, r: Received) =>
  verifySignature(secret, r.raw, r.headers['x-webhook-signature'] as string);

/** A funded user of the environment and a widget session for it. */
async function sessionUser(tenant: TestTenant, environment: Environment = 'sandbox', on = service) {
  const key = environment === 'sandbox' ? tenant.sandboxKey : tenant.liveKey;
  const user = uniqueKey('hook-user');
  await registerUser(on, key, user, environment);
  expect(
    (
      await sync(
        on,
        key,
        { external_user_id: user, direction: 'credit', amount: '500.00' },
        uniqueKey('fund'),
        environment,
      )
    ).status,
  ).toBe(200);
  const session = await on.api(environment, 'POST', '/v1/widget/sessions', { key, body: { external_user_id: user } });
  expect(session.status, session.text).toBe(201);
  return session.json.token as string;
}

/** Opens `count` positions with widget sessions, ten per user (each writes position.opened); returns them. */
async function widgetOpens(
  { tenant, market }: Trader,
  count: number,
  options: { environment?: Environment; on?: TestService } = {},
) {
  const { environment = 'sandbox', on = service } = options;
  const token = await sessionUser(tenant, environment, on);
  const positions: any[] = [];
  let opener = token;
  for (let i = 0; i < count; i++) {
    // An end user may make 10 position requests a minute (docs/operator-api.md, "Rate limits"): the next ten go to
    // another user.
    if (i > 0 && i % 10 === 0) opener = await sessionUser(tenant, environment, on);
    const body = { market_slug: market.slug, outcome_id: market.outcomes[i % 2]!.id, stake: '1.00', max_price: '1' };
    const res = await on.api(environment, 'POST', '/v1/positions', {
      key: opener,
      body,
      idempotencyKey: uniqueKey('open'),
    });
    expect(res.status, res.text).toBe(201);
    positions.push(res.json);
  }
  return { token, positions };
}

/** A hooked tenant with one position.opened event; its id is the delivery's. */
async function oneEvent(receiver: Receiver, options: { secret?: boolean } = {}) {
  const trader = await hookedTenant(receiver, options);
  await widgetOpens(trader, 1);
  const [id] = await eventIds(trader.tenant);
  return { ...trader, id: id! };
}

async function eventIds(tenant: TestTenant, environment: Environment = 'sandbox'): Promise<string[]> {
  const rows = await sql<{
    id: string;
  }>`select id from events where tenant_id = ${tenant.tenantId} and environment = ${environment} order by seq`.execute(
    service.db,
  );
  return rows.rows.map((r) => r.id);
}

async function deliveryOf(eventId: string) {
  const rows = await sql<{ state: string; attempts: number; next_attempt_at: Date | null; last_error: string | null }>`
    select state, attempts, next_attempt_at, last_error from webhook_deliveries where event_id = ${eventId}`.execute(
    service.db,
  );
  return rows.rows[0];
}

async function attemptsOf(eventId: string) {
  const rows = await sql<{
    attempt: number;
    attempted_at: Date;
    status_code: number | null;
    error: string | null;
    response_excerpt: string | null;
  }>`
    select attempt, attempted_at, status_code, error, response_excerpt from webhook_attempts where event_id = ${eventId} order by attempt`.execute(
    service.db,
  );
  return rows.rows;
}

// ---- delivery ---------------------------------------------------------------------------------

describe('webhook delivery', () => {
  it('POSTs each event signed over the raw bytes, with headers equal to the body fields', async () => {
    const receiver = await startReceiver();
    const trader = await hookedTenant(receiver);
    const { tenant, secret } = trader;
    const { token, positions } = await widgetOpens(trader, 1);
    const closed = await service.api('sandbox', 'POST', `/v1/positions/${positions[0].id}/close`, {
      key: token,
      body: { min_price: '0' },
      idempotencyKey: uniqueKey('close'),
    });
    expect(closed.status).toBe(200);
    expect(await pass()).toBeGreaterThanOrEqual(2);
    expect(receiver.received).toHaveLength(2);
    const opened = receiver.received.find((r) => r.json.event === 'position.opened');
    const close = receiver.received.find((r) => r.json.event === 'position.closed');
    for (const r of [opened!, close!]) {
      expect(signedWith(secret!, r)).toBe(true);
      expect(signedWith('whsec_other', r)).toBe(false);
      expect(r.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-webhook-delivery']).toBe(r.json.id);
      expect(r.headers['x-webhook-event']).toBe(r.json.event);
      expect(Object.keys(r.json)).toEqual(['id', 'event', 'occurred_at', 'data']);
      expect((await deliveryOf(r.json.id))!.state).toBe('delivered');
    }
    expect(opened!.json).toEqual({
      id: expect.any(String),
      event: 'position.opened',
      occurred_at: positions[0].opened_at,
      data: expect.objectContaining({
        position_id: positions[0].id,
        stake: '1.00',
        open_transaction_id: positions[0].open_transaction_id,
      }),
    });
    expect(close!.json).toMatchObject({
      event: 'position.closed',
      occurred_at: closed.json.closed_at,
      data: { position_id: positions[0].id, payout: closed.json.payout },
    });
    expect(new Set(await eventIds(tenant))).toEqual(new Set([opened!.json.id, close!.json.id]));
    await pass(); // delivered ones are not sent again
    expect(receiver.received).toHaveLength(2);
    await receiver.close();
  });

  it('retries after a 500 and after a timeout, the same bytes each time, and keeps only an excerpt of answers', async () => {
    const receiver = await startReceiver();
    const { id } = await oneEvent(receiver);
    const answers: Answer[] = [
      { status: 500, body: 'x'.repeat(10_000) },
      'hang',
      { status: 302, headers: { location: '/elsewhere' } },
      200,
    ];
    receiver.answer = () => answers.shift()!;
    await pass();
    expect((await deliveryOf(id))!.next_attempt_at!.getTime() - clock.now().getTime()).toBeLessThanOrEqual(10_000);
    for (let i = 0; i < 3; i++) {
      clock.set((await deliveryOf(id))!.next_attempt_at!);
      await pass();
    }
    expect(receiver.received.map((r) => r.raw.toString())).toEqual(Array(4).fill(receiver.received[0]!.raw.toString()));
    const attempts = await attemptsOf(id);
    expect(attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, null],
      [3, 302],
      [4, 200],
    ]);
    expect(attempts[0]!.response_excerpt).toBe('x'.repeat(256));
    expect(attempts[1]!.error).toMatch(/timeout/);
    expect(await deliveryOf(id)).toMatchObject({ state: 'delivered', attempts: 4, next_attempt_at: null });
    await receiver.close();
  });

  it('counts each retry from when the attempt started, not from when a hung receiver timed out', async () => {
    const receiver = await startReceiver();
    const { id } = await oneEvent(receiver);
    receiver.answer = () => 'hang';
    // A receiver that never answers: the attempt takes the whole 5 s timeout on the service's clock.
    const transport = service.deps.webhookTransport;
    const slow = {
      ...transport,
      send: async (request: Parameters<typeof transport.send>[0]) => {
        const result = await transport.send(request);
        clock.advance(5_000);
        return result;
      },
    };
    const started = clock.now().getTime();
    // Attempt 2 is due 5 s after attempt 1 started, which is when it timed out: the same pass sends it.
    await deliverDue(service.system(), { ...portsOf(service), transport: slow }, { timeoutMs: 400 });
    expect((await attemptsOf(id)).map((a) => a.attempted_at.getTime() - started)).toEqual([0, 5_000]);
    // Attempt 3 at 1 min from the first, as the schedule says, not 1 min plus two timeouts.
    expect((await deliveryOf(id))!.next_attempt_at!.getTime() - started).toBe(60_000);
    await receiver.close();
  });

  it('follows the schedule: first retry within 10 s, dead after 7 h 45 min of attempts; then resent from the dead letters', async () => {
    const receiver = await startReceiver();
    receiver.answer = () => 503;
    const { tenant, id } = await oneEvent(receiver);
    await pass();
    const first = (await attemptsOf(id))[0]!.attempted_at.getTime();
    for (;;) {
      const delivery = (await deliveryOf(id))!;
      if (delivery.state !== 'pending') break;
      clock.set(new Date(delivery.next_attempt_at!.getTime() - 1));
      await pass(); // not due yet: nothing is sent
      expect(receiver.received).toHaveLength(delivery.attempts);
      clock.set(delivery.next_attempt_at!);
      await pass();
    }
    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    expect(attempts[1]!.attempted_at.getTime() - first).toBeLessThanOrEqual(10_000);
    expect(attempts.at(-1)!.attempted_at.getTime() - first).toBe(RETRY_WINDOW_MS);
    expect(await deliveryOf(id)).toMatchObject({ state: 'dead', attempts: MAX_ATTEMPTS });

    const listed = await service.platform(
      'GET',
      `/platform/v1/dead-letters?tenant_id=${tenant.tenantId}&environment=sandbox`,
    );
    expect(listed.json).toEqual({
      data: [
        {
          id,
          tenant_id: tenant.tenantId,
          environment: 'sandbox',
          event: 'position.opened',
          occurred_at: expect.any(String),
          attempts: MAX_ATTEMPTS,
          last_attempt_at: clock.now().toISOString(),
          last_status: 503,
          last_error: null,
          dead_at: clock.now().toISOString(),
        },
      ],
      next_cursor: null,
    });
    expect(
      (await service.platform('GET', `/platform/v1/dead-letters?tenant_id=${tenant.tenantId}&environment=live`)).json
        .data,
    ).toEqual([]);
    expectEnvelope(await service.platform('GET', '/platform/v1/dead-letters?tenant_id=nope'), 'validation_failed', 400);
    receiver.answer = () => 200;
    const resent = await service.platform('POST', `/platform/v1/dead-letters/${id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.json).toEqual({ id, state: 'pending', attempts: MAX_ATTEMPTS });
    expectEnvelope(await service.platform('POST', `/platform/v1/dead-letters/${id}/resend`), 'state_conflict', 409);
    expectEnvelope(
      await service.platform('POST', '/platform/v1/dead-letters/00000000-0000-4000-8000-000000000000/resend'),
      'not_found',
      404,
    );
    expectEnvelope(await service.platform('POST', '/platform/v1/dead-letters/not-a-uuid/resend'), 'not_found', 404);
    await pass();
    expect(await deliveryOf(id)).toMatchObject({ state: 'delivered', attempts: MAX_ATTEMPTS + 1 });
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS + 1);
    expect((await service.platform('GET', `/platform/v1/dead-letters?tenant_id=${tenant.tenantId}`)).json.data).toEqual(
      [],
    );
    expectEnvelope(await service.platform('POST', `/platform/v1/dead-letters/${id}/resend`), 'state_conflict', 409);
    await receiver.close();
  });

  it('signs the next attempt with a secret rotated mid-retry, and retries while there is no secret', async () => {
    const receiver = await startReceiver();
    let expected: string | null = null;
    receiver.answer = (r) => (expected !== null && signedWith(expected, r) ? 200 : 401);
    const { tenant, id } = await oneEvent(receiver, { secret: false });
    await pass();
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryOf(id)).toMatchObject({ state: 'pending', attempts: 1, last_error: 'no webhook secret' });
    const old = await rotateSecret(tenant);
    clock.set((await deliveryOf(id))!.next_attempt_at!);
    await pass(); // signed with `old`; the receiver already expects a newer one
    expect(signedWith(old, receiver.received[0]!)).toBe(true);
    expect((await deliveryOf(id))!.state).toBe('pending');
    expected = await rotateSecret(tenant);
    clock.set((await deliveryOf(id))!.next_attempt_at!);
    await pass();
    expect(signedWith(expected, receiver.received[1]!)).toBe(true);
    expect((await attemptsOf(id)).map((a) => a.status_code)).toEqual([null, 401, 200]);
    expect((await deliveryOf(id))!.state).toBe('delivered');
    await receiver.close();
  });

  it('sends nothing without a webhook_url, and dead-letters a delivery whose webhook_url was removed since', async () => {
    const receiver = await startReceiver();
    const trader = await hookedTenant(null);
    const { tenant } = trader;
    await widgetOpens(trader, 1);
    const [unhooked] = await eventIds(tenant);
    expect(await deliveryOf(unhooked!)).toBeUndefined();
    await setWebhook(tenant, receiver.url);
    await widgetOpens(trader, 1);
    const [, hooked] = await eventIds(tenant);
    expect((await deliveryOf(hooked!))!.state).toBe('pending');
    await setWebhook(tenant, null);
    await pass();
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryOf(hooked!)).toMatchObject({ state: 'dead', last_error: 'no webhook_url' });
    await receiver.close();
  });

  it('keeps at most 4 deliveries of one environment in flight, and two workers never send one attempt twice', async () => {
    const receiver = await startReceiver();
    receiver.delayMs = 60;
    const trader = await hookedTenant(receiver);
    const { tenant } = trader;
    await widgetOpens(trader, 12);
    const second = await startTestService({ clock, env: INSECURE });
    try {
      await Promise.all([pass(), pass(second), pass()]);
    } finally {
      await second.stop();
    }
    const ids = await eventIds(tenant);
    expect(receiver.received.map((r) => r.json.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await attemptsOf(id)).map((a) => a.status_code)).toEqual([204]);
    expect(receiver.maxInFlight).toBeGreaterThan(1);
    expect(receiver.maxInFlight).toBeLessThanOrEqual(3 * 4);

    const alone = await startReceiver();
    alone.delayMs = 40;
    await widgetOpens(await hookedTenant(alone), 10);
    await pass();
    expect(alone.received).toHaveLength(10);
    expect(alone.maxInFlight).toBe(4);
    await Promise.all([receiver.close(), alone.close()]);
  });

  it('lingers when asked (as the job does): an event committed after the pass found work is sent by it', async () => {
    const receiver = await startReceiver();
    const { tenant, market } = await hookedTenant(receiver);
    const token = await sessionUser(tenant);
    const open = async () => {
      const body = { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '1.00', max_price: '1' };
      expect(
        (await service.api('sandbox', 'POST', '/v1/positions', { key: token, body, idempotencyKey: uniqueKey('open') }))
          .status,
      ).toBe(201);
    };
    await open();
    const lingering = deliverDue(service.system(), portsOf(service), { timeoutMs: 400, lingerMs: 2_000, pollMs: 20 });
    await sleep(300);
    expect(receiver.received).toHaveLength(1);
    await open();
    expect(await lingering).toBeGreaterThanOrEqual(2);
    expect(receiver.received.map((r) => r.json.id)).toEqual(await eventIds(tenant));
    await receiver.close();
  });

  it('survives a restart: deliveries written before a stop are sent by the next process', async () => {
    const receiver = await startReceiver();
    const first = await startTestService({ clock, env: INSECURE });
    const trader = await hookedTenant(receiver, { on: first });
    const { tenant, secret } = trader;
    await widgetOpens(trader, 2, { on: first });
    await first.stop();
    const next = await startTestService({ clock, env: INSECURE });
    try {
      await pass(next);
    } finally {
      await next.stop();
    }
    expect(receiver.received.map((r) => r.json.id).sort()).toEqual((await eventIds(tenant)).sort());
    for (const r of receiver.received) expect(signedWith(secret!, r)).toBe(true);
    await receiver.close();
  });

  it('leaves a claimed delivery to its claimer until the lease runs out, then attempts it again', async () => {
    const receiver = await startReceiver();
    const { id } = await oneEvent(receiver);
    // What a claim leaves behind when its worker dies before sending or recording anything (set
    // directly: claimDue would also lease other test files' deliveries on the shared database).
    await sql`update webhook_deliveries set attempts = 1, leased_until = ${new Date(clock.now().getTime() + 60_000)}, lease_token = ${randomUUID()}
              where event_id = ${id}`.execute(service.db);
    await pass();
    expect(receiver.received).toHaveLength(0);
    clock.advance(60_000);
    await pass();
    expect(receiver.received.map((r) => r.json.id)).toEqual([id]);
    expect((await attemptsOf(id)).map((a) => [a.attempt, a.status_code])).toEqual([[2, 204]]);
    expect(await deliveryOf(id)).toMatchObject({ state: 'delivered', attempts: 2 });
    await receiver.close();
  });
});

// ---- the event feed ---------------------------------------------------------------------------

/** Reads the feed until it holds `count` events (the newest show once older transactions ended). */
async function feed(tenant: TestTenant, query: string, count: number, environment: Environment = 'sandbox') {
  const key = environment === 'sandbox' ? tenant.sandboxKey : tenant.liveKey;
  for (let tries = 0; ; tries++) {
    const res = await service.api(environment, 'GET', `/v1/events${query}`, { key });
    expect(res.status, res.text).toBe(200);
    if (res.json.data.length >= count || tries === 50) return res;
    await sleep(100);
  }
}

describe('GET /v1/events', () => {
  it('lists the events in order with the ids and bytes of their webhooks, and pages with after', async () => {
    const receiver = await startReceiver();
    const trader = await hookedTenant(receiver);
    const { tenant } = trader;
    await widgetOpens(trader, 3);
    await pass();
    const all = await feed(tenant, '', 3);
    expect(all.json.data.map((e: any) => e.id)).toEqual(await eventIds(tenant));
    for (const r of receiver.received) expect(all.text).toContain(r.raw.toString());
    const pages: string[] = [];
    let after = '';
    for (let i = 0; i < 3; i++) {
      const page = await feed(tenant, `?limit=1${after}`, 1);
      expect(page.json.data).toHaveLength(1);
      pages.push(page.json.data[0].id);
      after = `&after=${page.json.next_cursor}`;
    }
    expect(pages).toEqual(all.json.data.map((e: any) => e.id));
    const end = await service.api('sandbox', 'GET', `/v1/events?limit=1${after}`, { key: tenant.sandboxKey });
    expect(end.json).toEqual({ data: [], next_cursor: after.slice('&after='.length) });
    await widgetOpens(trader, 1);
    const newer = await feed(tenant, `?${after.slice(1)}`, 1);
    expect(newer.json.data.map((e: any) => e.id)).toEqual((await eventIds(tenant)).slice(3));
    expect((await feed(tenant, `?cursor=${after.slice('&after='.length)}`, 1)).json.data).toEqual(newer.json.data);
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/events?after=bm9wZQ', { key: tenant.sandboxKey }),
      'validation_failed',
      400,
    );
    await receiver.close();
  });

  it('keeps the order of the writing transactions across a power of ten (9 before 10 before 100), paged or not', async () => {
    const trader = await hookedTenant(null);
    const { tenant } = trader;
    await widgetOpens(trader, 3);
    const ids = (await feed(tenant, '', 3)).json.data.map((e: any) => e.id);
    // As text these sort 10, 100, 9: the feed must compare the transaction ids as numbers.
    for (const [i, xact] of ['9', '10', '100'].entries()) {
      await sql`update events set xact_id = ${xact}::xid8 where id = ${ids[i]}`.execute(service.db);
    }
    expect((await feed(tenant, '', 3)).json.data.map((e: any) => e.id)).toEqual(ids);
    const paged: string[] = [];
    let query = '?limit=1';
    for (let i = 0; i < 4; i++) {
      const page = await feed(tenant, query, 0);
      paged.push(...page.json.data.map((e: any) => e.id));
      query = `?limit=1&after=${page.json.next_cursor}`;
    }
    expect(paged).toEqual(ids);
  });

  it("shows a tenant only its own environment's events, with or without a webhook_url", async () => {
    const trader = await hookedTenant(null);
    const { tenant } = trader;
    const them = await hookedTenant(null);
    const other = them.tenant;
    await widgetOpens(trader, 2);
    await widgetOpens(trader, 1, { environment: 'live' });
    await widgetOpens(them, 1);
    const sandbox = await feed(tenant, '', 2);
    expect(sandbox.json.data.map((e: any) => e.id)).toEqual(await eventIds(tenant));
    const live = await feed(tenant, '', 1, 'live');
    expect(live.json.data.map((e: any) => e.id)).toEqual(await eventIds(tenant, 'live'));
    const theirs = await feed(other, '', 1);
    expect(theirs.json.data.map((e: any) => e.id)).toEqual(await eventIds(other));
    expect(new Set([...sandbox.json.data, ...live.json.data, ...theirs.json.data].map((e: any) => e.id)).size).toBe(4);
  });
});
