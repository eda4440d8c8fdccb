import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { purgeStreamChanges } from '../src/domains/realtime/index.js';
import { call, createTenant, expectEnvelope, startTestService, sync } from './helpers.js';
import type { TestService, TestTenant } from './helpers.js';
import { openSse, type SseMessage, type SseStream } from './sse-client.js';
import { createMarket, fundedUser, operatorOpen, sessionFor, type TestMarket } from './trading-helpers.js';

/**
 * GET /v1/widget/stream over real HTTP, read with fetch as the widget reads it. The
 * service runs on a FakeClock inside the test markets' trading window; pings come every 200 ms here.
 * The hub's own bounds, shutdown and two processes: widget-stream-hub.test.ts.
 */
const MINUTE = 60_000;
const PING_MS = 200;
const EVENT_ID = /^\d+\.\d+$/;

let service: TestService;
let tenant: TestTenant;
const clock = new FakeClock('2026-06-10T12:00:00Z');
const open: SseStream[] = [];

beforeAll(async () => {
  service = await startTestService({ clock, env: { STREAM_PING_MS: String(PING_MS) } });
  tenant = await createTenant(service);
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(() => service.stop());

/** A stream of the sandbox listener (or `base`), closed after the test. */
async function stream(token: string, markets: readonly string[] | string, options: Parameters<typeof openSse>[3] = {}) {
  const opened = await openSse(service.urls.sandbox, token, markets, options);
  open.push(opened);
  return opened;
}

/** Waits for a stream's starting state: its first comment and then `count` events. */
async function started(s: SseStream, count: number): Promise<SseMessage[]> {
  expect(s.status, JSON.stringify(s.json)).toBe(200);
  await s.next((m) => m.event !== 'comment', { from: 0 });
  const deadline = Date.now() + 5_000;
  while (s.events().length < count && Date.now() < deadline) await sleep(10);
  return s.events().slice(0, count);
}

/** An open through the operator's API key, for `user`. */
const trade = (market: TestMarket, user: string, stake = '5.00', key = tenant.sandboxKey) =>
  operatorOpen(service, key, market, user, stake);

const snapshotBody = async (slug: string, token: string) =>
  (await service.api('sandbox', 'GET', `/v1/markets/${slug}/snapshot`, { key: token })).text;
const positionBody = async (id: string) =>
  (await service.api('sandbox', 'GET', `/v1/positions/${id}`, { key: tenant.sandboxKey })).text;
const balanceOf = async (user: string) =>
  (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey })).json.balance as string;

/** What arrived on a stream after its first `from` messages, by event name. */
const namesAfter = (s: SseStream, from: number) => s.messages.slice(from).map((m) => m.event);

describe('GET /v1/widget/stream', () => {
  it('starts with `: fresh`, the snapshot of every listed market and the balance, each with an id', async () => {
    const [a, b] = [await createMarket(service, tenant), await createMarket(service, tenant)];
    const user = await fundedUser(service, tenant.sandboxKey, 'fresh');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const s = await stream(token, [a.slug, b.slug]);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-cache');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const [pricesA, pricesB, balance] = await started(s, 3);
    expect(s.messages[0]).toMatchObject({ event: 'comment', data: 'fresh' });
    expect([pricesA!.event, pricesB!.event, balance!.event]).toEqual(['prices', 'prices', 'balance']);
    // Exactly the bodies of the snapshot route (the clock stands still, so even ts is the same).
    expect(pricesA!.data).toBe(await snapshotBody(a.slug, token));
    expect(pricesB!.data).toBe(await snapshotBody(b.slug, token));
    expect(balance!.data).toBe('{"balance":"1000.00"}');
    for (const event of s.events()) expect(event.id).toMatch(EVENT_ID);
  });

  it("a trade gives the trader prices, balance and position; another user's stream on the market only prices", async () => {
    const market = await createMarket(service, tenant);
    const [trader, watcher] = [
      await fundedUser(service, tenant.sandboxKey, 'trader'),
      await fundedUser(service, tenant.sandboxKey, 'watcher'),
    ];
    const [mine, theirs] = [
      await stream(await sessionFor(service, tenant.sandboxKey, trader), [market.slug]),
      await stream(await sessionFor(service, tenant.sandboxKey, watcher), [market.slug]),
    ];
    await started(mine, 2);
    await started(theirs, 2);
    const [mineFrom, theirsFrom] = [mine.messages.length, theirs.messages.length];
    const position = await trade(market, trader);

    const token = await sessionFor(service, tenant.sandboxKey, trader);
    const prices = await mine.next((m) => m.event === 'prices', { from: mineFrom });
    const balance = await mine.next((m) => m.event === 'balance', { from: mineFrom });
    const positionEvent = await mine.next((m) => m.event === 'position', { from: mineFrom });
    expect(prices.data).toBe(await snapshotBody(market.slug, token));
    expect(JSON.parse(prices.data).outcomes[0].price).not.toBe('0.500000');
    expect(balance.data).toBe(`{"balance":"${await balanceOf(trader)}"}`);
    expect(JSON.parse(balance.data).balance).toBe('995.00');
    expect(positionEvent.data).toBe(await positionBody(position.id));
    expect(positionEvent.data).toBe(JSON.stringify(position));

    expect((await theirs.next((m) => m.event === 'prices', { from: theirsFrom })).data).toBe(prices.data);
    await sleep(600); // a few polls: nothing else may come
    expect(namesAfter(theirs, theirsFrom).filter((n) => n !== 'comment')).toEqual(['prices']);
    for (const event of [...mine.events(), ...theirs.events()]) expect(event.id).toMatch(EVENT_ID);
  });

  it('a balance sync gives a balance event, and a close gives the position again with its new state', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'sync');
    const s = await stream(await sessionFor(service, tenant.sandboxKey, user), [market.slug]);
    await started(s, 2);
    let from = s.messages.length;
    const credit = { external_user_id: user, direction: 'credit', amount: '12.34' };
    expect((await sync(service, tenant.sandboxKey, credit)).status).toBe(200);
    expect((await s.next((m) => m.event === 'balance', { from })).data).toBe('{"balance":"1012.34"}');

    const position = await trade(market, user);
    await s.next((m) => m.event === 'position', { from });
    from = s.messages.length;
    const closed = await service.api('sandbox', 'POST', `/v1/positions/${position.id}/close`, {
      key: tenant.sandboxKey,
      idempotencyKey: `close-${Math.random()}`,
      body: { min_price: '0' },
    });
    expect(closed.status, closed.text).toBe(200);
    const event = await s.next((m) => m.event === 'position' && JSON.parse(m.data).state === 'closed', { from });
    expect(event.data).toBe(await positionBody(position.id));
  });

  it('a market suspended or reopened by the platform gives prices to its streams', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'suspend');
    const s = await stream(await sessionFor(service, tenant.sandboxKey, user), [market.slug]);
    await started(s, 2);
    for (const action of ['suspend', 'reopen']) {
      const from = s.messages.length;
      expect((await service.platform('POST', `/platform/v1/markets/${market.slug}/${action}`)).status).toBe(200);
      expect((await s.next((m) => m.event === 'prices', { from })).data).toContain(market.slug);
    }
  });

  it('resumes after a disconnect with Last-Event-ID: what changed meanwhile arrives, and nothing else', async () => {
    const [listed, other] = [await createMarket(service, tenant), await createMarket(service, tenant)];
    const user = await fundedUser(service, tenant.sandboxKey, 'resume');
    const stranger = await fundedUser(service, tenant.sandboxKey, 'stranger');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const first = await stream(token, [listed.slug]);
    await started(first, 2);
    const lastId = first.lastEventId()!;
    first.close();
    await first.ended;

    // While it is away: its own trade and a sync, and a trade on a market it does not list.
    const position = await trade(listed, user, '7.00');
    expect(
      (await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'credit', amount: '1.00' })).status,
    ).toBe(200);
    await trade(other, stranger);

    const again = await stream(token, [listed.slug], { lastEventId: lastId });
    expect(again.status).toBe(200);
    await again.next((m) => m.event === 'position');
    await sleep(300);
    expect(again.messages[0]).toMatchObject({ event: 'comment', data: 'resumed' });
    const events = again.events();
    expect(events.map((e) => e.event).sort()).toEqual(['balance', 'position', 'prices']);
    expect(events.find((e) => e.event === 'prices')!.data).toBe(await snapshotBody(listed.slug, token));
    expect(events.find((e) => e.event === 'balance')!.data).toBe('{"balance":"994.00"}');
    expect(events.find((e) => e.event === 'position')!.data).toBe(await positionBody(position.id));

    // It carries on live, and a second disconnect resumes from the new id just as well.
    const from = again.messages.length;
    await trade(listed, user, '1.00');
    await again.next((m) => m.event === 'balance' && m.data === '{"balance":"993.00"}', { from });
    const resumeFrom = again.lastEventId()!;
    again.close();
    const third = await stream(token, [listed.slug], { lastEventId: resumeFrom });
    await third.next((m) => m.event === 'comment' && m.data === 'resumed');
    await sleep(300);
    expect(third.events()).toEqual([]);
  });

  it('starts afresh on a Last-Event-ID that is malformed', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'malformed');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    for (const lastEventId of ['garbage', '1.2.3', `${2n ** 64n}.1`, '']) {
      const s = await stream(token, [market.slug], { lastEventId });
      expect((await started(s, 2)).map((e) => e.event)).toEqual(['prices', 'balance']);
      expect(s.messages[0]).toMatchObject({ event: 'comment', data: 'fresh' });
      s.close();
    }
  });

  it("never sends one tenant's or environment's balance and positions to another's users", async () => {
    const market = await createMarket(service, tenant);
    const otherTenant = await createTenant(service);
    expect(
      (await service.platform('PUT', `/platform/v1/tenants/${otherTenant.tenantId}/markets/${market.slug}`)).status,
    ).toBe(200);
    const name = `same-name-${Math.floor(Math.random() * 1e9)}`;
    const streams: SseStream[] = [];
    for (const [key, environment] of [
      [tenant.sandboxKey, 'sandbox'],
      [tenant.liveKey, 'live'],
      [otherTenant.sandboxKey, 'sandbox'],
    ] as const) {
      const put = await call(service.urls[environment], 'PUT', `/v1/users/${name}`, {
        key,
        body: { status: 'active' },
      });
      expect(put.status).toBe(201);
      const minted = await call(service.urls[environment], 'POST', '/v1/widget/sessions', {
        key,
        body: { external_user_id: name },
      });
      const s = await openSse(service.urls[environment], minted.json.token, [market.slug]);
      open.push(s);
      await started(s, 2);
      streams.push(s);
    }
    const [mine, live, others] = streams as [SseStream, SseStream, SseStream];
    const from = streams.map((s) => s.messages.length);
    await sync(service, tenant.sandboxKey, { external_user_id: name, direction: 'credit', amount: '50.00' });
    await trade(market, name);
    await mine.next((m) => m.event === 'position', { from: from[0] });
    await live.next((m) => m.event === 'prices', { from: from[1] });
    await others.next((m) => m.event === 'prices', { from: from[2] });
    await sleep(600);
    expect(namesAfter(live, from[1]!).filter((n) => n !== 'comment')).toEqual(['prices']);
    expect(namesAfter(others, from[2]!).filter((n) => n !== 'comment')).toEqual(['prices']);
  });

  it('refuses a market not enabled for the tenant (404), an unknown one, and 0 or 21 slugs (400)', async () => {
    const enabled = await createMarket(service, tenant);
    const elsewhere = await createMarket(service, await createTenant(service));
    const user = await fundedUser(service, tenant.sandboxKey, 'refused');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    for (const markets of [[elsewhere.slug], [enabled.slug, 'no-such-market'], [enabled.slug, elsewhere.slug]]) {
      const s = await stream(token, markets);
      expectEnvelope({ ...s, text: '' }, 'not_found', 404);
      expect(s.json.message).toContain(markets[markets.length - 1]);
    }
    const slugs = Array.from({ length: 21 }, (_, i) => `${enabled.slug}-${i}`);
    for (const markets of [
      slugs,
      '',
      `${enabled.slug},`,
      'UPPER',
      `${enabled.slug},bad slug`,
      '\u0000',
      'é',
      'a'.repeat(2_000),
    ]) {
      const s = await stream(token, markets);
      expectEnvelope({ ...s, text: '' }, 'validation_failed', 400);
    }
    const missing = await call(service.urls.sandbox, 'GET', '/v1/widget/stream', { key: token });
    expectEnvelope(missing, 'validation_failed', 400);
    // 20 slugs, one given twice, is fine.
    const twenty = await stream(token, [enabled.slug, enabled.slug]);
    expect((await started(twenty, 2)).map((e) => e.event)).toEqual(['prices', 'balance']);
  });

  it('answers an API key, no token or a forged one with 401 invalid_session_token', async () => {
    const market = await createMarket(service, tenant);
    for (const key of [tenant.sandboxKey, '', 'eyJhbGciOiJIUzI1NiJ9.e30.forged']) {
      const res = await call(service.urls.sandbox, 'GET', `/v1/widget/stream?markets=${market.slug}`, {
        key: key || undefined,
      });
      expectEnvelope(res, 'invalid_session_token', 401);
    }
  });

  it("answers a suspended tenant's session with 403 tenant_suspended", async () => {
    const suspended = await createTenant(service);
    const market = await createMarket(service, suspended);
    const user = await fundedUser(service, suspended.sandboxKey, 'suspended');
    const token = await sessionFor(service, suspended.sandboxKey, user);
    expect((await service.platform('POST', `/platform/v1/tenants/${suspended.tenantId}/suspend`)).status).toBe(200);
    const s = await stream(token, [market.slug]);
    expectEnvelope({ ...s, text: '' }, 'tenant_suspended', 403);
  });

  it('keeps the CORS headers of an allowed origin', async () => {
    // An origin no other test file lists: a preflight is answered for an origin on any tenant's list.
    const origin = `https://stream-${process.pid}.example.com`;
    const path = `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
    expect((await service.platform('PUT', path, { allowed_origins: [origin] })).status).toBe(200);
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'cors');
    const s = await stream(await sessionFor(service, tenant.sandboxKey, user), [market.slug], { headers: { origin } });
    await started(s, 2);
    expect(s.headers.get('access-control-allow-origin')).toBe(origin);
    expect(s.headers.get('vary')).toBe('Origin');
  });

  it('sends a `: ping` comment every STREAM_PING_MS', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'ping');
    const s = await stream(await sessionFor(service, tenant.sandboxKey, user), [market.slug]);
    await started(s, 2);
    const first = await s.next((m) => m.data === 'ping' && m.event === 'comment');
    const second = await s.next((m) => m.data === 'ping' && m.at > first.at, { from: s.messages.indexOf(first) + 1 });
    expect(second.at - first.at).toBeGreaterThanOrEqual(PING_MS * 0.5);
  });

  it('ends when the session token expires', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'expiry');
    const s = await stream(await sessionFor(service, tenant.sandboxKey, user), [market.slug]);
    await started(s, 2);
    clock.advance(15 * MINUTE - 1_000);
    await sleep(600);
    expect(s.isEnded()).toBe(false);
    clock.advance(1_000);
    await Promise.race([s.ended, sleep(3_000).then(() => expect.fail('the stream outlived its token'))]);
  });

  it("a user's sixth stream ends the oldest; the other five stay", async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'six');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const streams: SseStream[] = [];
    for (let i = 0; i < 6; i++) {
      streams.push(await stream(token, [market.slug]));
      await started(streams[i]!, 2);
    }
    await Promise.race([streams[0]!.ended, sleep(3_000).then(() => expect.fail('the oldest stream stayed open'))]);
    const from = streams.map((s) => s.messages.length);
    await trade(market, user);
    for (let i = 1; i < 6; i++) {
      await streams[i]!.next((m) => m.event === 'position', { from: from[i] });
      expect(streams[i]!.isEnded()).toBe(false);
    }
  });

  it('starts afresh on a Last-Event-ID older than what is kept (purged)', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'purged');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const s = await stream(token, [market.slug]);
    await started(s, 2);
    const lastId = s.lastEventId()!;
    s.close();
    // A change row an hour old (written after lastId), and the purge the job runs every minute, on real time.
    await sql`insert into stream_changes (kind, user_id, created_at)
              values ('balance', gen_random_uuid(), now() - interval '1 hour')`.execute(service.db);
    const purged = await purgeStreamChanges({ ...service.system('purge'), now: new Date() });
    expect(purged).toBeGreaterThanOrEqual(1);
    const again = await stream(token, [market.slug], { lastEventId: lastId });
    expect((await started(again, 2)).map((e) => e.event)).toEqual(['prices', 'balance']);
    expect(again.messages[0]).toMatchObject({ event: 'comment', data: 'fresh' });
    // An id the purge did not pass still resumes. A new stream starts at the hub's read position, which
    // other sessions' open transactions may hold below the purged row; an id read after a change made
    // now is past it.
    const from = again.messages.length;
    const credit = { external_user_id: user, direction: 'credit', amount: '1.00' };
    expect((await sync(service, tenant.sandboxKey, credit)).status).toBe(200);
    await again.next((m) => m.event === 'balance', { from });
    const resumed = await stream(token, [market.slug], { lastEventId: again.lastEventId()! });
    await resumed.next((m) => m.event === 'comment' && m.data === 'resumed');
  });
});
