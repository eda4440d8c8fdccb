import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sweepOrders } from '../src/domains/orders/index.js';
import { FakeClock } from '../src/lib/clock.js';
import { createDatabaseOn, type ScratchDatabase } from '../scripts/scratch-database.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { auditRows, PanelClient, textOf } from './panel-client.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';

/**
 * Kill switches (docs/operations.md, "Kill switches"). They are global, so this file runs on a database of its own: a
 * paused switch must not pause the other test files that share the run's database.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let database: ScratchDatabase;
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  database = await createDatabaseOn(inject('databaseUrl'), `pm_kill_switches_${process.pid}_${Date.now()}`);
  service = await startTestService({ clock, env: { DATABASE_URL: database.url } });
  tenant = await createTenant(service);
});
afterAll(async () => {
  await service.stop();
  await database.drop();
});

const setSwitch = async (name: string, paused: boolean, on = service) => {
  const res = await on.platform('PUT', `/platform/v1/kill-switches/${name}`, { paused });
  expect(res.status, res.text).toBe(200);
  return res.json;
};
const api = (method: string, path: string, options: { key?: string; body?: unknown; idempotencyKey?: string } = {}) =>
  service.api('sandbox', method, path, { key: tenant.sandboxKey, ...options });

describe('the platform API', () => {
  it('lists all four switches, never set at first, and sets one', async () => {
    const listed = await service.platform('GET', '/platform/v1/kill-switches');
    expect(listed.json).toEqual({
      data: ['sync', 'positions', 'feed', 'widget'].map((name) => ({
        name,
        paused: false,
        updated_at: null,
        reason: null,
        changed_by: null,
      })),
    });
    expect(await setSwitch('feed', true)).toEqual({
      name: 'feed',
      paused: true,
      updated_at: clock.now().toISOString(),
      reason: null,
      changed_by: 'platform API',
    });
    expect(await setSwitch('feed', false)).toMatchObject({ name: 'feed', paused: false });
    const after = await service.platform('GET', '/platform/v1/kill-switches');
    expect(after.json.data[2]).toEqual({
      name: 'feed',
      paused: false,
      updated_at: clock.now().toISOString(),
      reason: null,
      changed_by: 'platform API',
    });
  });

  it('refuses unknown switches, bad bodies and other credentials', async () => {
    expectEnvelope(
      await service.platform('PUT', '/platform/v1/kill-switches/trading', { paused: true }),
      'not_found',
      404,
    );
    expectEnvelope(
      await service.platform('PUT', '/platform/v1/kill-switches/sync', { paused: 'yes' }),
      'validation_failed',
      400,
    );
    expectEnvelope(await service.platform('PUT', '/platform/v1/kill-switches/sync', {}), 'validation_failed', 400);
    const withKey = await service.api('sandbox', 'GET', '/platform/v1/kill-switches', { key: tenant.sandboxKey });
    expect(withKey.status).toBe(404); // the platform API is not on the operator listeners
    expect((await service.platform('GET', '/platform/v1/kill-switches')).json.data.every((s: any) => !s.paused)).toBe(
      true,
    );
  });
});

describe('who, when and why', () => {
  it('keeps the reason and who changed it, through the API', async () => {
    const res = await service.platform('PUT', '/platform/v1/kill-switches/widget', {
      paused: true,
      reason: 'Widget CDN serving a broken bundle',
    });
    expect(res.json).toEqual({
      name: 'widget',
      paused: true,
      updated_at: clock.now().toISOString(),
      reason: 'Widget CDN serving a broken bundle',
      changed_by: 'platform API',
    });
    const listed = await service.platform('GET', '/platform/v1/kill-switches');
    expect(listed.json.data[3]).toEqual(res.json);
    const entries = await auditRows(service, 'kill_switch.set', 'widget');
    expect(entries.at(-1)).toMatchObject({ who: 'platform API', outcome: 'done' });
    expect(entries.at(-1)!.details).toMatchObject({ paused: true, reason: 'Widget CDN serving a broken bundle' });
    expectEnvelope(
      await service.platform('PUT', '/platform/v1/kill-switches/widget', { paused: false, reason: '' }),
      'validation_failed',
      400,
    );
    expectEnvelope(
      await service.platform('PUT', '/platform/v1/kill-switches/widget', { paused: false, reason: 'x'.repeat(501) }),
      'validation_failed',
      400,
    );
    // A control character is refused by the rule, not left to the database (which cannot store a NUL).
    const nul = await service.platform('PUT', '/platform/v1/kill-switches/widget', {
      paused: false,
      reason: 'a\u0000b',
    });
    expectEnvelope(nul, 'validation_failed', 400);
    expect(nul.json.message).toContain('must not contain control characters');
    expect((await setSwitch('widget', false)).reason).toBeNull();
  });

  it('asks the panel for a reason and a confirmation before a pause, and shows who, when and why', async () => {
    const panel = await PanelClient.signedIn(service, 'Lin');
    const refused = await panel.post('/panel/kill-switches/feed/review', { reason: '' });
    expect(refused.status).toBe(400);
    expect(textOf(refused.html)).toContain('Say why');
    expect((await panel.post('/panel/kill-switches/feed', { paused: 'true', reason: '' })).status).toBe(400);
    const long = 'y'.repeat(501);
    expect((await panel.post('/panel/kill-switches/feed/review', { reason: long })).html).toContain(`value="${long}"`);
    const confirm = await panel.post('/panel/kill-switches/feed/review', { reason: 'Feed reads time out' });
    expect(textOf(confirm.html)).toContain('Every tenant, in both environments, is refused: The market feed reads');
    expect((await service.platform('GET', '/platform/v1/kill-switches')).json.data[2].paused).toBe(false);

    const done = await panel.post('/panel/kill-switches/feed', { paused: 'true', reason: 'Feed reads time out' });
    expect(done.status).toBe(303);
    expect((await service.platform('GET', '/platform/v1/kill-switches')).json.data[2]).toMatchObject({
      paused: true,
      reason: 'Feed reads time out',
      changed_by: 'panel:Lin',
    });
    expectEnvelope(await api('GET', '/v1/markets'), 'feed_paused', 503);
    const entry = (await auditRows(service, 'kill_switch.set', 'feed')).at(-1)!;
    expect(entry).toMatchObject({ who: 'panel:Lin', outcome: 'done' });
    expect(entry.details).toMatchObject({ paused: true, reason: 'Feed reads time out' });
    const overview = (await panel.get('/panel')).html;
    // The overview puts it first, as critical, linked to the kill switches' own page.
    expect(textOf(overview)).toMatch(/Needs a look Critical Kill switch paused for every tenant: feed/);
    expect(overview).toContain('<a href="/panel/kill-switches">Kill switch paused for every tenant: feed</a>');
    expect(textOf((await panel.get('/panel/kill-switches')).html)).toMatch(
      /feed: Paused Pauses The market feed reads \(503 feed_paused\)\. Changed .* by panel:Lin Reason Feed reads time out/,
    );

    expect((await panel.post('/panel/kill-switches/feed', { paused: 'false', reason: '' })).status).toBe(303);
    expect((await service.platform('GET', '/platform/v1/kill-switches')).json.data[2]).toMatchObject({
      paused: false,
      reason: null,
      changed_by: 'panel:Lin',
    });
    expect((await panel.post('/panel/kill-switches/trading/review', { reason: 'r' })).status).toBe(404);
  });
});

describe('sync', () => {
  it('pauses both balance-sync routes with 503 sync_paused, recording nothing and spending no key', async () => {
    await registerUser(service, tenant.sandboxKey, 'ks-sync');
    const key = uniqueKey();
    const body = { external_user_id: 'ks-sync', direction: 'credit', amount: '5.00' };
    await setSwitch('sync', true);
    expectEnvelope(await sync(service, tenant.sandboxKey, body, key), 'sync_paused', 503);
    const batch = { items: [{ ...body, idempotency_key: uniqueKey() }] };
    expectEnvelope(
      await api('POST', '/v1/balance-sync/batch', { body: batch, idempotencyKey: uniqueKey() }),
      'sync_paused',
      503,
    );
    // The credential comes first: a wrong key is 401 even while paused.
    expectEnvelope(await sync(service, 'pmk_sandbox_wrong', body, uniqueKey()), 'invalid_api_key', 401);
    expect(await service.db.selectFrom('balance_syncs').selectAll().execute()).toEqual([]);
    // Other routes go on.
    expect((await api('GET', '/v1/users/ks-sync')).status).toBe(200);

    await setSwitch('sync', false);
    const applied = await sync(service, tenant.sandboxKey, body, key);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json.balance).toBe('5.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('positions', () => {
  it('pauses opens and order placement; closes, quotes and cancels still work; limit orders wait', async () => {
    const market = await createMarket(service, tenant);
    const [yes] = market.outcomes;
    const user = await fundedUser(service, tenant.sandboxKey, 'ks-trader');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const open = (stake: string) => ({
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes!.id,
      stake,
      max_price: '1',
    });
    // A big position lifts Yes to about 0.70; an order at 0.55 waits above its limit.
    const big = await api('POST', '/v1/positions', { body: open('50.00'), idempotencyKey: uniqueKey() });
    expect(big.status, big.text).toBe(201);
    const orderBody = { external_user_id: user, market_slug: market.slug, outcome_id: yes!.id, stake: '1.00' };
    const waiting = await api('POST', '/v1/orders', {
      body: { ...orderBody, limit_price: '0.55' },
      idempotencyKey: uniqueKey(),
    });
    expect(waiting.json.status).toBe('open');
    const cancelMe = await api('POST', '/v1/orders', {
      body: { ...orderBody, limit_price: '0.10' },
      idempotencyKey: uniqueKey(),
    });
    expect(cancelMe.json.status).toBe('open');

    await setSwitch('positions', true);
    const refusedKey = uniqueKey();
    expectEnvelope(
      await api('POST', '/v1/positions', { body: open('1.00'), idempotencyKey: refusedKey }),
      'positions_paused',
      503,
    );
    const { external_user_id: _, ...sessionOpen } = open('1.00');
    expectEnvelope(
      await api('POST', '/v1/positions', { key: token, body: sessionOpen, idempotencyKey: uniqueKey() }),
      'positions_paused',
      503,
    );
    expectEnvelope(
      await api('POST', '/v1/orders', { body: { ...orderBody, limit_price: '0.9' }, idempotencyKey: uniqueKey() }),
      'positions_paused',
      503,
    );
    // A user can always get out: quote and close (which brings Yes back to 0.50, under the order's limit).
    expect((await api('POST', `/v1/positions/${big.json.id}/close-quote`)).status).toBe(200);
    const closed = await api('POST', `/v1/positions/${big.json.id}/close`, {
      body: { min_price: '0' },
      idempotencyKey: uniqueKey(),
    });
    expect(closed.status, closed.text).toBe(200);
    expect((await api('DELETE', `/v1/orders/${cancelMe.json.id}`)).json.status).toBe('cancelled');
    // Neither the close's evaluation nor the sweep fills the order while opening is paused.
    await sweepOrders(service.system());
    expect((await api('GET', `/v1/orders/${waiting.json.id}`)).json.status).toBe('open');
    expect(await service.db.selectFrom('position_rejections').selectAll().execute()).toEqual([]);

    await setSwitch('positions', false);
    await sweepOrders(service.system());
    expect((await api('GET', `/v1/orders/${waiting.json.id}`)).json.status).toBe('filled');
    // The paused open's key was not spent.
    expect((await api('POST', '/v1/positions', { body: open('1.00'), idempotencyKey: refusedKey })).status).toBe(201);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('feed and widget', () => {
  it('pause the market reads and the session mint and refresh, and nothing else', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'ks-reader');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    await setSwitch('feed', true);
    for (const path of [
      '/v1/markets',
      `/v1/markets/${market.slug}`,
      `/v1/markets/${market.slug}/snapshot`,
      `/v1/markets/${market.slug}/history`,
    ]) {
      expectEnvelope(await api('GET', path), 'feed_paused', 503);
      expectEnvelope(await api('GET', path, { key: token }), 'feed_paused', 503);
    }
    expect((await api('GET', '/v1/positions', { key: token })).status).toBe(200);
    await setSwitch('feed', false);
    expect((await api('GET', '/v1/markets')).status).toBe(200);

    await setSwitch('widget', true);
    expectEnvelope(
      await api('POST', '/v1/widget/sessions', { body: { external_user_id: user } }),
      'widget_paused',
      503,
    );
    expectEnvelope(await api('POST', '/v1/widget/sessions/refresh', { key: token }), 'widget_paused', 503);
    expectEnvelope(await api('GET', '/v1/widget/config', { key: token }), 'widget_paused', 503);
    // Only mint, refresh and the config read pause (docs/operations.md, "Kill switches"): the rest of the widget keeps
    // working.
    expect((await api('GET', `/v1/markets/${market.slug}`, { key: token })).status).toBe(200);
    expect((await api('GET', '/v1/widget/profile', { key: token })).status).toBe(200);
    expect((await api('GET', '/v1/users/me', { key: token })).status).toBe(200);
    await setSwitch('widget', false);
    expect((await api('GET', '/v1/widget/config', { key: token })).status).toBe(200);
    expect((await api('POST', '/v1/widget/sessions', { body: { external_user_id: user } })).status).toBe(201);
  });
});

describe('another process', () => {
  it('sees a switch set elsewhere within its refresh interval (500 ms)', async () => {
    const other = await startTestService({ clock, env: { DATABASE_URL: database.url } });
    try {
      const path = '/v1/markets';
      expect((await other.api('sandbox', 'GET', path, { key: tenant.sandboxKey })).status).toBe(200); // cached: not paused
      await setSwitch('feed', true); // on the first process
      await sleep(600);
      expectEnvelope(await other.api('sandbox', 'GET', path, { key: tenant.sandboxKey }), 'feed_paused', 503);
      await setSwitch('feed', false);
      await sleep(600);
      expect((await other.api('sandbox', 'GET', path, { key: tenant.sandboxKey })).status).toBe(200);
      // A tenant's pause too.
      const body = { external_user_id: 'ks-sync', direction: 'credit', amount: '1.00' };
      expect((await sync(other, tenant.sandboxKey, body)).status).toBe(200);
      const paused = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/pauses/sync`, {
        paused: true,
        reason: 'seen elsewhere',
      });
      expect(paused.status).toBe(200);
      await sleep(600);
      expectEnvelope(await sync(other, tenant.sandboxKey, body), 'sync_paused', 503);
      await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/pauses/sync`, { paused: false });
      await sleep(600);
      expect((await sync(other, tenant.sandboxKey, body)).status).toBe(200);
    } finally {
      await other.stop();
    }
  });
});
