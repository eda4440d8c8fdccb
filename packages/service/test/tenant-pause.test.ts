import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { evaluateOrders } from '../src/domains/orders/index.js';
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
import { createMarket, fundedUser } from './trading-helpers.js';

/**
 * One tenant's pause (issue 30): sync or positions for that tenant alone, both environments, keys kept.
 * It touches only this file's tenants, so it runs on the shared database.
 */
const clock = new FakeClock('2026-06-02T12:00:00.000Z');
let service: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  service = await startTestService({ clock });
  a = await createTenant(service);
  b = await createTenant(service);
});
afterAll(() => service?.stop());

const pause = (tenantId: string, name: string, body: Record<string, unknown>) =>
  service.platform('PUT', `/platform/v1/tenants/${tenantId}/pauses/${name}`, body);

describe('the platform API', () => {
  it('answers the pause with who, when and why, and shows it on the tenant', async () => {
    const before = await service.platform('GET', `/platform/v1/tenants/${a.tenantId}`);
    expect(before.json.pauses).toEqual({ sync: null, positions: null });
    const res = await pause(a.tenantId, 'sync', { paused: true, reason: 'Their ledger double-counts credits' });
    expect(res.status, res.text).toBe(200);
    const expected = {
      tenant_id: a.tenantId,
      name: 'sync',
      paused: true,
      reason: 'Their ledger double-counts credits',
      updated_at: clock.now().toISOString(),
      changed_by: 'platform API',
    };
    expect(res.json).toEqual(expected);
    const after = await service.platform('GET', `/platform/v1/tenants/${a.tenantId}`);
    expect(after.json.pauses).toEqual({ sync: expected, positions: null });
    const [entry] = await auditRows(service, 'tenant_pause.set', `${a.tenantId}/sync`);
    expect(entry).toMatchObject({ who: 'platform API', outcome: 'done' });
    expect(entry!.details).toMatchObject({ paused: true, reason: 'Their ledger double-counts credits' });
    expect((await pause(a.tenantId, 'sync', { paused: false })).json).toMatchObject({ paused: false, reason: null });
  });

  it('refuses a pause without a reason, an unknown lever or tenant, and bad bodies, changing nothing', async () => {
    expectEnvelope(await pause(a.tenantId, 'positions', { paused: true }), 'validation_failed', 400);
    expectEnvelope(await pause(a.tenantId, 'positions', { paused: true, reason: '' }), 'validation_failed', 400);
    expectEnvelope(await pause(a.tenantId, 'positions', { paused: true, reason: '   ' }), 'validation_failed', 400);
    expectEnvelope(
      await pause(a.tenantId, 'positions', { paused: true, reason: 'x'.repeat(501) }),
      'validation_failed',
      400,
    );
    expectEnvelope(await pause(a.tenantId, 'positions', { paused: 'yes', reason: 'r' }), 'validation_failed', 400);
    expectEnvelope(await pause(a.tenantId, 'positions', { paused: true, reason: 'r', x: 1 }), 'validation_failed', 400);
    expectEnvelope(await pause(a.tenantId, 'feed', { paused: true, reason: 'r' }), 'not_found', 404);
    expectEnvelope(await pause(a.tenantId, 'trading', { paused: true, reason: 'r' }), 'not_found', 404);
    expectEnvelope(
      await pause('00000000-0000-4000-8000-000000000000', 'sync', { paused: true, reason: 'r' }),
      'not_found',
      404,
    );
    expectEnvelope(await pause('not-a-uuid', 'sync', { paused: true, reason: 'r' }), 'not_found', 404);
    const after = await service.platform('GET', `/platform/v1/tenants/${a.tenantId}`);
    expect(after.json.pauses.positions).toBeNull();
  });
});

describe('sync paused for one tenant', () => {
  it("answers A's syncs 503 sync_paused, not recorded and the key not spent; B goes on", async () => {
    await registerUser(service, a.sandboxKey, 'tp-a');
    await registerUser(service, a.liveKey, 'tp-a', 'live');
    await registerUser(service, b.sandboxKey, 'tp-b');
    const body = (user: string) => ({ external_user_id: user, direction: 'credit', amount: '5.00' });
    expect((await pause(a.tenantId, 'sync', { paused: true, reason: 'Incident 42' })).status).toBe(200);
    const key = uniqueKey();
    const refused = await sync(service, a.sandboxKey, body('tp-a'), key);
    expectEnvelope(refused, 'sync_paused', 503);
    expect(refused.json.message).toMatch(/paused balance syncs for this operator/);
    expectEnvelope(await sync(service, a.liveKey, body('tp-a'), uniqueKey(), 'live'), 'sync_paused', 503);
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
        key: a.sandboxKey,
        body: { items: [{ ...body('tp-a'), idempotency_key: uniqueKey() }] },
        idempotencyKey: uniqueKey(),
      }),
      'sync_paused',
      503,
    );
    // The credential comes first, and A's other routes go on.
    expectEnvelope(await sync(service, 'pmk_sandbox_wrong', body('tp-a'), uniqueKey()), 'invalid_api_key', 401);
    expect((await service.api('sandbox', 'GET', '/v1/users/tp-a', { key: a.sandboxKey })).status).toBe(200);
    const other = await sync(service, b.sandboxKey, body('tp-b'));
    expect(other.status, other.text).toBe(200);
    const recorded = await service.db
      .selectFrom('balance_syncs')
      .select('id')
      .where('tenant_id', '=', a.tenantId)
      .execute();
    expect(recorded).toEqual([]);

    expect((await pause(a.tenantId, 'sync', { paused: false })).status).toBe(200);
    const applied = await sync(service, a.sandboxKey, body('tp-a'), key);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json.balance).toBe('5.00');
    await expectLedgerInvariant(service.db, a.tenantId);
  });
});

describe('positions paused for one tenant', () => {
  it("refuses A's opens and orders, lets A close, and leaves A's limit order unfilled while B's fills", async () => {
    const market = await createMarket(service, a);
    expect((await service.platform('PUT', `/platform/v1/tenants/${b.tenantId}/markets/${market.slug}`)).status).toBe(
      200,
    );
    const yes = market.outcomes[0]!.id;
    const userA = await fundedUser(service, a.sandboxKey, 'tp-trader-a');
    const userB = await fundedUser(service, b.sandboxKey, 'tp-trader-b');
    const apiA = (method: string, path: string, body?: unknown) =>
      service.api('sandbox', method, path, { key: a.sandboxKey, body, idempotencyKey: uniqueKey() });
    const apiB = (method: string, path: string, body?: unknown) =>
      service.api('sandbox', method, path, { key: b.sandboxKey, body, idempotencyKey: uniqueKey() });
    const open = (user: string, stake: string) => ({
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes,
      stake,
      max_price: '1',
    });
    const order = (user: string) => ({
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes,
      stake: '1.00',
      limit_price: '0.55',
    });
    // A big position lifts Yes to about 0.70: both orders at 0.55 wait.
    const big = await apiA('POST', '/v1/positions', open(userA, '50.00'));
    expect(big.status, big.text).toBe(201);
    const orderA = await apiA('POST', '/v1/orders', order(userA));
    const orderB = await apiB('POST', '/v1/orders', order(userB));
    expect([orderA.json.status, orderB.json.status]).toEqual(['open', 'open']);

    expect((await pause(a.tenantId, 'positions', { paused: true, reason: 'Suspected bot' })).status).toBe(200);
    const refusedKey = uniqueKey();
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/positions', {
        key: a.sandboxKey,
        body: open(userA, '1.00'),
        idempotencyKey: refusedKey,
      }),
      'positions_paused',
      503,
    );
    expectEnvelope(await apiA('POST', '/v1/orders', order(userA)), 'positions_paused', 503);
    expect((await apiB('POST', '/v1/positions', open(userB, '1.00'))).status).toBe(201);

    // A's user can get out: the close brings Yes back under 0.55; its evaluation fills B's order only.
    const closed = await apiA('POST', `/v1/positions/${big.json.id}/close`, { min_price: '0' });
    expect(closed.status, closed.text).toBe(200);
    await evaluateOrders(service.system(), market);
    expect((await apiA('GET', `/v1/orders/${orderA.json.id}`)).json.status).toBe('open');
    expect((await apiB('GET', `/v1/orders/${orderB.json.id}`)).json.status).toBe('filled');

    expect((await pause(a.tenantId, 'positions', { paused: false, reason: 'Bot blocked' })).json).toMatchObject({
      paused: false,
      reason: 'Bot blocked',
    });
    await evaluateOrders(service.system(), market);
    expect((await apiA('GET', `/v1/orders/${orderA.json.id}`)).json.status).toBe('filled');
    // The refused open's key was not spent.
    const reopened = await service.api('sandbox', 'POST', '/v1/positions', {
      key: a.sandboxKey,
      body: open(userA, '1.00'),
      idempotencyKey: refusedKey,
    });
    expect(reopened.status, reopened.text).toBe(201);
    await expectLedgerInvariant(service.db, a.tenantId);
    await expectLedgerInvariant(service.db, b.tenantId);
  });
});

describe('the panel', () => {
  it('pauses after a reason and a confirmation stating the effect, and resumes', async () => {
    const panel = await PanelClient.signedIn(service, 'Grace');
    const name = (await service.platform('GET', `/platform/v1/tenants/${b.tenantId}`)).json.name as string;
    const page = await panel.get(`/panel/tenants/${b.tenantId}`);
    expect(textOf(page.html)).toMatch(/Pauses .*sync: Running Pauses Balance syncs/);

    // No reason: refused, on a page that keeps what was typed (blanks) and says what is wrong by the field.
    const review = `/panel/tenants/${b.tenantId}/pauses/sync/review`;
    const empty = await panel.post(review, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('aria-invalid="true"');
    expect(textOf(empty.html)).toContain('Say why');
    const tooLong = 'x'.repeat(501);
    const long = await panel.post(review, { reason: tooLong });
    expect(long.status).toBe(400);
    expect(long.html).toContain(`value="${tooLong}"`);
    // Nor does the action itself take a pause without a reason.
    expect((await panel.post(`/panel/tenants/${b.tenantId}/pauses/sync`, { paused: 'true', reason: '' })).status).toBe(
      400,
    );
    expect((await service.platform('GET', `/platform/v1/tenants/${b.tenantId}`)).json.pauses.sync).toBeNull();

    const confirm = await panel.post(review, { reason: 'Webhook storm' });
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.html)).toContain(`${name} cannot sync balances`);
    expect(textOf(confirm.html)).toContain("its users' balances stay as they are");
    expect((await service.platform('GET', `/platform/v1/tenants/${b.tenantId}`)).json.pauses.sync).toBeNull();

    const done = await panel.post(`/panel/tenants/${b.tenantId}/pauses/sync`, {
      paused: 'true',
      reason: 'Webhook storm',
    });
    expect(done.status).toBe(303);
    const state = (await service.platform('GET', `/platform/v1/tenants/${b.tenantId}`)).json.pauses.sync;
    expect(state).toMatchObject({ paused: true, reason: 'Webhook storm', changed_by: 'panel:Grace' });
    expectEnvelope(
      await sync(service, b.sandboxKey, { external_user_id: 'tp-b', direction: 'credit', amount: '1.00' }),
      'sync_paused',
      503,
    );
    const [entry] = await auditRows(service, 'tenant_pause.set', `${b.tenantId}/sync`);
    expect(entry).toMatchObject({ who: 'panel:Grace', outcome: 'done' });
    expect(entry!.details).toMatchObject({ paused: true, reason: 'Webhook storm' });
    const shown = textOf((await panel.get(`/panel/tenants/${b.tenantId}`)).html);
    expect(shown).toMatch(
      /sync: Paused Pauses Balance syncs.* Changed 2026-06-02 12:00:00Z by panel:Grace Reason Webhook storm/,
    );
    expect(textOf((await panel.get('/panel')).html)).toContain(`${name} : sync paused since`);

    expect((await panel.post(`/panel/tenants/${b.tenantId}/pauses/sync`, { paused: 'false', reason: '' })).status).toBe(
      303,
    );
    expect((await service.platform('GET', `/platform/v1/tenants/${b.tenantId}`)).json.pauses.sync.paused).toBe(false);
    expect((await panel.post(`/panel/tenants/${b.tenantId}/pauses/feed/review`, { reason: 'r' })).status).toBe(404);
  });
});
