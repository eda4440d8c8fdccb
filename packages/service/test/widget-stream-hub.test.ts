import { connect } from 'node:net';
import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { STREAM_LIMITS, streamHub, type StreamLimits } from '../src/domains/realtime/index.js';
import { ADMIN_TOKEN, WIDGET_SECRET, call, createTenant, startTestService } from './helpers.js';
import type { TestService, TestTenant } from './helpers.js';
import { killChildren, newSite, startService, terminate, type Site } from './service-process.js';
import { openSse, type SseStream } from './sse-client.js';
import { createMarket, fundedUser, operatorOpen, sessionFor, type TestMarket } from './trading-helpers.js';

/**
 * The realtime hub below the route (GET /v1/widget/stream is widget-stream.test.ts): its bounds on one
 * process, the service stopping with streams open, and two processes on one database.
 */
const MINUTE = 60_000;
const PING_MS = 200;

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

/** An open through the operator's API key, for `user`. */
const trade = (market: TestMarket, user: string, stake = '5.00', key = tenant.sandboxKey) =>
  operatorOpen(service, key, market, user, stake);

describe('the hub of one process', () => {
  /** A sink that records what the hub writes and never drains: the client reads nothing. */
  const recorder = () => ({
    chunks: [] as string[],
    bytes: 0,
    ended: false,
    aborted: false,
    write(chunk: string) {
      this.chunks.push(chunk);
      this.bytes += chunk.length;
    },
    buffered() {
      return this.bytes;
    },
    end() {
      this.ended = true;
    },
    abort() {
      this.aborted = true;
    },
  });
  const hubOf = (limits: Partial<StreamLimits>) =>
    streamHub(
      { db: service.db, clock, log: service.deps.log, listen: () => ({ close: async () => {} }) },
      { ...STREAM_LIMITS, pollMs: 20, ...limits },
    );
  const userIdOf = async (externalUserId: string) =>
    (
      await service.db
        .selectFrom('users')
        .select('id')
        .where('external_user_id', '=', externalUserId)
        .executeTakeFirstOrThrow()
    ).id;
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!done()) {
      expect(Date.now() < deadline, 'in time').toBe(true);
      await sleep(10);
    }
  };

  it('closes a stream whose reader leaves more than maxBufferedBytes unread', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'slow');
    const hub = hubOf({ maxBufferedBytes: 2_000 });
    const sink = recorder();
    const request = {
      tenantId: tenant.tenantId,
      issuedAt: clock.now(),
      userId: await userIdOf(user),
      marketIds: [market.id],
      resumeFrom: null,
      sink,
    };
    hub.join({ ...request, expiresAt: new Date(clock.now().getTime() + MINUTE) });
    await until(() => sink.chunks.length >= 3);
    expect(sink.bytes).toBeLessThan(2_000);
    // Trades until the unread bytes pass the bound (three usually do; a loaded machine delivers later).
    const deadline = Date.now() + 15_000;
    while (!sink.aborted && Date.now() < deadline) {
      await trade(market, user, '1.00');
      await sleep(200);
    }
    expect(sink.aborted).toBe(true);
    expect(sink.ended).toBe(false);
    expect(hub.size()).toBe(0);
    await hub.close();
  });

  it('ends the oldest of a user’s streams past maxStreamsPerUser, and every stream when it falls behind the purge', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'hub');
    const hub = hubOf({ maxStreamsPerUser: 2 });
    const sinks = [recorder(), recorder(), recorder()];
    const userId = await userIdOf(user);
    for (const sink of sinks)
      hub.join({
        tenantId: tenant.tenantId,
        issuedAt: clock.now(),
        userId,
        marketIds: [market.id],
        resumeFrom: null,
        sink,
        expiresAt: new Date(clock.now().getTime() + MINUTE),
      });
    expect(sinks.map((s) => s.ended)).toEqual([true, false, false]);
    expect(hub.size()).toBe(2);
    await until(() => sinks[2]!.chunks.length >= 3);
    // The purge passed rows this hub had not read (a process stalled for the whole retention): its
    // streams may have missed changes, so they end and reconnect (and, their ids too old, start afresh).
    await sql`update stream_changes_purged set xact_id = pg_current_xact_id(), seq = ${2n ** 63n - 1n}`.execute(
      service.db,
    );
    await until(() => sinks[1]!.ended && sinks[2]!.ended);
    expect(hub.size()).toBe(0);
    await hub.close();
  });
});

describe('stopping the service', () => {
  it('ends every stream at once, and an idle connection does not hold the stop', async () => {
    const own = await startTestService({ clock, env: { STREAM_PING_MS: String(PING_MS) } });
    const t = await createTenant(own);
    const market = await createMarket(own, t);
    const user = await fundedUser(own, t.sandboxKey, 'stop');
    const token = await sessionFor(own, t.sandboxKey, user);
    const streams = [
      await openSse(own.urls.sandbox, token, [market.slug]),
      await openSse(own.urls.sandbox, token, [market.slug]),
    ];
    for (const s of streams) await s.next((m) => m.event === 'balance');
    // A connection that never sends a request (browsers preconnect; fetch opens one after an abort).
    const idle = connect(Number(new URL(own.urls.sandbox).port), '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const began = Date.now();
    await own.stop();
    expect(Date.now() - began).toBeLessThan(3_000);
    for (const s of streams) await s.ended;
    idle.destroy();
  });
});

describe('two service processes on one database', () => {
  const sites: Site[] = [];
  afterAll(async () => {
    await killChildren();
    for (const site of sites) await rm(site.dataDir, { recursive: true, force: true });
  });

  it('a trade through one process reaches a stream held by the other within 1 s, and a stream resumes across them', async () => {
    const env = {
      DATABASE_URL: inject('databaseUrl'),
      WIDGET_SESSION_SECRET: WIDGET_SECRET,
      RUN_WORKERS: '0',
      SEED_DEMO: '0',
    };
    const [siteA, siteB] = [await newSite(), await newSite()];
    sites.push(siteA, siteB);
    const [a, b] = await Promise.all([startService(siteA, env), startService(siteB, env)]);
    try {
      const admin = { key: ADMIN_TOKEN };
      const created = await call(a.platform, 'POST', '/platform/v1/tenants', { ...admin, body: { name: 'Two' } });
      const issued = await call(a.platform, 'POST', `/platform/v1/tenants/${created.json.id}/api-keys`, {
        ...admin,
        body: { environment: 'sandbox', scopes: ['write:sync', 'write:positions'] },
      });
      const key = issued.json.api_key as string;
      const slug = `two-processes-${process.pid}-${Date.now()}`;
      const market = await call(a.platform, 'POST', '/platform/v1/markets', {
        ...admin,
        body: {
          slug,
          title: 'Two processes',
          outcomes: [{ title: 'Yes' }, { title: 'No' }],
          opens_at: new Date(Date.now() - 3_600_000).toISOString(),
          closes_at: new Date(Date.now() + 86_400_000).toISOString(),
          max_stake_per_position: '100.00',
          max_open_stake_per_user: '1000.00',
          liquidity: '100',
          sandbox_influence: null, // the fixture trusts its own sandbox traffic
        },
      });
      expect(market.status, market.text).toBe(201);
      expect(
        (await call(a.platform, 'PUT', `/platform/v1/tenants/${created.json.id}/markets/${slug}`, admin)).status,
      ).toBe(200);
      for (const user of ['two-trader', 'two-watcher']) {
        expect((await call(a.sandbox, 'PUT', `/v1/users/${user}`, { key, body: { status: 'active' } })).status).toBe(
          201,
        );
        const credit = { external_user_id: user, direction: 'credit', amount: '100.00' };
        const synced = await call(a.sandbox, 'POST', '/v1/balance-sync', {
          key,
          body: credit,
          idempotencyKey: `two-${user}`,
        });
        expect(synced.status).toBe(200);
      }
      const minted = await call(a.sandbox, 'POST', '/v1/widget/sessions', {
        key,
        body: { external_user_id: 'two-watcher' },
      });
      const token = minted.json.token as string;
      const onB = await openSse(b.sandbox, token, [slug]);
      open.push(onB);
      await onB.next((m) => m.event === 'balance');

      const openOn = async (user: string) => {
        const body = {
          external_user_id: user,
          market_slug: slug,
          outcome_id: market.json.outcomes[0].id,
          stake: '2.00',
          max_price: '1',
        };
        const res = await call(a.sandbox, 'POST', '/v1/positions', {
          key,
          body,
          idempotencyKey: `two-${Math.random()}`,
        });
        expect(res.status, res.text).toBe(201);
        return { answeredAt: Date.now(), position: res.json };
      };
      // Another user's trade: the prices reach the watcher's stream on the other process.
      let from = onB.messages.length;
      const first = await openOn('two-trader');
      const prices = await onB.next((m) => m.event === 'prices', { from, timeoutMs: 1_000 });
      expect(prices.at - first.answeredAt).toBeLessThan(1_000);
      // The watcher's own trade: balance and position too.
      from = onB.messages.length;
      const own = await openOn('two-watcher');
      const position = await onB.next((m) => m.event === 'position', { from, timeoutMs: 1_000 });
      expect(position.at - own.answeredAt).toBeLessThan(1_000);
      expect(JSON.parse(position.data)).toEqual(own.position);
      await onB.next((m) => m.event === 'balance' && m.data === '{"balance":"98.00"}', { from, timeoutMs: 1_000 });

      // Dropped on B, a change meanwhile, resumed on A with B's last id.
      const lastId = onB.lastEventId()!;
      onB.close();
      const later = await openOn('two-watcher');
      const onA = await openSse(a.sandbox, token, [slug], { lastEventId: lastId });
      open.push(onA);
      await onA.next((m) => m.event === 'position' && JSON.parse(m.data).id === later.position.id);
      expect(onA.messages[0]).toMatchObject({ event: 'comment', data: 'resumed' });
      await onA.next((m) => m.event === 'balance' && m.data === '{"balance":"96.00"}');
      onA.close();
    } finally {
      await Promise.all([terminate(a), terminate(b)]);
    }
  });
});
