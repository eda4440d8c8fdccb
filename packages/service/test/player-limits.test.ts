import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
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
import { createMarket, fundedUser, sessionFor, type TestMarket } from './trading-helpers.js';

/**
 * Limits a player sets through the operator (docs/operator-api.md, "Player limits"): the API, the 24-hour
 * wait on a raise, breaks, the refusals of opens, placements and fills, what is never refused, and 30 opens
 * at once against one limit.
 */
const START = '2026-06-02T12:00:00.000Z';
const HOUR = 3_600_000;
const clock = new FakeClock(START);
let service: TestService;
let tenant: TestTenant;
let other: TestTenant;
let market: TestMarket;

const limitsPath = (user: string) => `/v1/users/${user}/limits`;
const putLimits = (user: string, body: unknown, key = tenant.sandboxKey) =>
  service.api('sandbox', 'PUT', limitsPath(user), { key, body });
const getLimits = (user: string, key = tenant.sandboxKey) => service.api('sandbox', 'GET', limitsPath(user), { key });

function open(
  user: string,
  stake: string,
  options: { outcome?: number; key?: string; idempotencyKey?: string; on?: TestMarket } = {},
) {
  const on = options.on ?? market;
  return service.api('sandbox', 'POST', '/v1/positions', {
    key: options.key ?? tenant.sandboxKey,
    idempotencyKey: options.idempotencyKey ?? uniqueKey('open'),
    body: {
      ...(options.key ? {} : { external_user_id: user }),
      market_slug: on.slug,
      outcome_id: on.outcomes[options.outcome ?? 0]!.id,
      stake,
      max_price: '1',
    },
  });
}

function place(user: string, stake: string, limitPrice: string, on = market) {
  return service.api('sandbox', 'POST', '/v1/orders', {
    key: tenant.sandboxKey,
    idempotencyKey: uniqueKey('order'),
    body: {
      external_user_id: user,
      market_slug: on.slug,
      outcome_id: on.outcomes[0]!.id,
      stake,
      limit_price: limitPrice,
    },
  });
}

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  other = await createTenant(service);
  market = await createMarket(service, tenant, {
    max_stake_per_position: '500.00',
    max_open_stake_per_user: '5000.00',
    liquidity: '1000',
  });
});
afterAll(() => service.stop());

describe('PUT and GET /v1/users/{external_user_id}/limits', () => {
  it('sets limits at once, reads them with what is used and left, and a user without limits has none', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'lim');
    const none = await getLimits(user);
    expect(none.status, none.text).toBe(200);
    expect(none.json).toEqual({
      external_user_id: user,
      stake_per_day: null,
      stake_per_week: null,
      stake_per_month: null,
      excluded_until: null,
    });

    const set = await putLimits(user, { stake_per_day: '50.00', stake_per_month: '500' });
    expect(set.status, set.text).toBe(200);
    expect(set.json.stake_per_day).toEqual({
      limit: '50.00',
      used: '0.00',
      remaining: '50.00',
      resets_at: null,
      pending: null,
    });
    expect(set.json.stake_per_week).toBeNull();
    expect(set.json.stake_per_month.limit).toBe('500.00');

    expect((await open(user, '20.00')).status).toBe(201);
    clock.advance(HOUR);
    const read = await getLimits(user);
    expect(read.json.stake_per_day).toEqual({
      limit: '50.00',
      used: '20.00',
      remaining: '30.00',
      resets_at: new Date(Date.parse(START) + 24 * HOUR).toISOString(),
      pending: null,
    });
    expect(read.json.stake_per_month).toMatchObject({ used: '20.00', remaining: '480.00' });
  });

  it('makes a raise and a removal wait 24 hours, shown as pending, then applies them', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'raise');
    await putLimits(user, { stake_per_day: '10.00', stake_per_week: '40.00' });
    const asked = clock.now();
    const raised = await putLimits(user, { stake_per_day: '30.00', stake_per_week: null });
    expect(raised.status, raised.text).toBe(200);
    const effectiveAt = new Date(asked.getTime() + 24 * HOUR).toISOString();
    expect(raised.json.stake_per_day).toMatchObject({
      limit: '10.00',
      pending: { limit: '30.00', effective_at: effectiveAt },
    });
    expect(raised.json.stake_per_week).toMatchObject({
      limit: '40.00',
      pending: { limit: null, effective_at: effectiveAt },
    });
    // Until then the old limit holds.
    expectEnvelope(await open(user, '15.00'), 'user_limit_reached', 409);

    clock.advance(24 * HOUR);
    const later = await getLimits(user);
    expect(later.json.stake_per_day).toMatchObject({ limit: '30.00', pending: null });
    expect(later.json.stake_per_week).toBeNull();
    expect((await open(user, '15.00')).status).toBe(201);
  });

  it('refuses bad input with words and changes nothing', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'bad');
    await putLimits(user, { stake_per_day: '10.00' });
    const bodies = [
      { stake_per_day: 10 },
      { stake_per_day: '-1.00' },
      { stake_per_week: '1.005' },
      { excluded_until: 'tomorrow' },
      { excluded_until: new Date(clock.now().getTime() - 1000).toISOString() },
      // A misspelt field is refused, not answered 200 with nothing set.
      { stake_per_days: '5.00' },
    ];
    for (const body of bodies) {
      const res = await putLimits(user, body);
      expectEnvelope(res, 'validation_failed', 400);
    }
    expect((await getLimits(user)).json).toMatchObject({ stake_per_day: { limit: '10.00' }, excluded_until: null });
    expectEnvelope(await putLimits('nobody-here', { stake_per_day: '1.00' }), 'unknown_user', 404);
    expectEnvelope(await getLimits('nobody-here'), 'unknown_user', 404);
  });
});

describe('a break', () => {
  it('refuses opens and placements with user_excluded, and never closes, cancels or withdrawals', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'break');
    const opened = await open(user, '10.00');
    expect(opened.status).toBe(201);
    const waiting = await place(user, '5.00', '0.01');
    expect(waiting.status, waiting.text).toBe(201);

    const until = new Date(clock.now().getTime() + 72 * HOUR).toISOString();
    const set = await putLimits(user, { excluded_until: until });
    expect(set.json.excluded_until).toBe(until);

    const refused = await open(user, '1.00');
    expectEnvelope(refused, 'user_excluded', 403);
    expect(refused.json.details).toEqual({ excluded_until: until });
    expectEnvelope(await place(user, '1.00', '0.9'), 'user_excluded', 403);

    // Shortening or ending it early is refused; extending it is not.
    for (const excluded_until of [null, new Date(Date.parse(until) - HOUR).toISOString()]) {
      expectEnvelope(await putLimits(user, { excluded_until }), 'state_conflict', 409);
    }
    const longer = new Date(Date.parse(until) + HOUR).toISOString();
    expect((await putLimits(user, { excluded_until: longer })).json.excluded_until).toBe(longer);

    const closed = await service.api('sandbox', 'POST', `/v1/positions/${opened.json.id}/close`, {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('close'),
      body: { min_price: '0' },
    });
    expect(closed.status, closed.text).toBe(200);
    const cancelled = await service.api('sandbox', 'DELETE', `/v1/orders/${waiting.json.id}`, {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('cancel'),
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const withdrawn = await sync(service, tenant.sandboxKey, {
      external_user_id: user,
      direction: 'debit',
      amount: '5.00',
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);

    // It ends by itself.
    clock.set(new Date(Date.parse(longer) + 1000));
    expect((await getLimits(user)).json.excluded_until).toBeNull();
    expect((await open(user, '1.00')).status).toBe(201);
    clock.set(START);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('stake limits', () => {
  it('refuses the open that would pass a limit with what fits and when more frees; the key is not spent', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'cap');
    await putLimits(user, { stake_per_day: '30.00', stake_per_week: '100.00' });
    const first = clock.now();
    expect((await open(user, '25.00')).status).toBe(201);
    const key = uniqueKey('over');
    const refused = await open(user, '10.00', { idempotencyKey: key });
    expectEnvelope(refused, 'user_limit_reached', 409);
    expect(refused.json.details).toEqual({
      limit: 'stake_per_day',
      remaining: '5.00',
      resets_at: new Date(first.getTime() + 24 * HOUR).toISOString(),
    });
    // A close gives nothing back.
    const before = (await getLimits(user)).json.stake_per_day;
    expect(before).toMatchObject({ used: '25.00', remaining: '5.00' });

    clock.advance(24 * HOUR);
    const again = await open(user, '10.00', { idempotencyKey: key });
    expect(again.status, again.text).toBe(201);
    clock.set(START);
  });

  it('lets 30 opens sent at once pass a limit no further than it allows', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'race');
    await putLimits(user, { stake_per_day: '100.00' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => open(user, '7.00')));
    const ok = answers.filter((a) => a.status === 201);
    for (const a of answers.filter((a) => a.status !== 201)) expectEnvelope(a, 'user_limit_reached', 409);
    expect(ok.length).toBe(14);
    expect((await getLimits(user)).json.stake_per_day).toMatchObject({ used: '98.00', remaining: '2.00' });
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('rejects for good a limit-order fill that would pass a limit, with no order.filled', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'fill');
    await putLimits(user, { stake_per_day: '60.00' });
    const fresh = await createMarket(service, tenant);
    const order = await place(user, '40.00', '0.5', fresh);
    expect(order.status, order.text).toBe(201);
    expect(order.json.status).toBe('open');
    // The user's own open on the other outcome lowers the first outcome's price to the order's limit, and
    // leaves 20.00 of the day: the fill of 40.00 would pass it.
    expect((await open(user, '40.00', { outcome: 1, on: fresh })).status).toBe(201);
    const read = await service.api('sandbox', 'GET', `/v1/orders/${order.json.id}`, { key: tenant.sandboxKey });
    expect(read.json).toMatchObject({ status: 'rejected', position_id: null });
    expect((await getLimits(user)).json.stake_per_day).toMatchObject({ used: '40.00' });
  });

  it('refuses a placement whose stake would pass a limit', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'place');
    await putLimits(user, { stake_per_month: '10.00' });
    const refused = await place(user, '10.01', '0.01');
    expectEnvelope(refused, 'user_limit_reached', 409);
    expect(refused.json.details).toMatchObject({ limit: 'stake_per_month', remaining: '10.00', resets_at: null });
  });
});

describe('who may read whose limits', () => {
  it("lets a session read its own user's limits only, and keeps tenants and environments apart", async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'own');
    const neighbour = await fundedUser(service, tenant.sandboxKey, 'neighbour');
    await putLimits(user, { stake_per_week: '70.00' });
    const token = await sessionFor(service, tenant.sandboxKey, user);

    const own = await getLimits(user, token);
    expect(own.status, own.text).toBe(200);
    expect(own.json.stake_per_week.limit).toBe('70.00');
    expectEnvelope(await getLimits(neighbour, token), 'not_found', 404);
    // A session cannot set limits: that is the operator's, on the player's word.
    expect((await putLimits(user, { stake_per_week: null }, token)).status).toBe(401);

    // Another tenant, and the live environment, do not see the user.
    expectEnvelope(await getLimits(user, other.sandboxKey), 'unknown_user', 404);
    const live = await service.api('live', 'GET', limitsPath(user), { key: tenant.liveKey });
    expectEnvelope(live, 'unknown_user', 404);
    await registerUser(service, tenant.liveKey, user, 'live');
    const liveLimits = await service.api('live', 'GET', limitsPath(user), { key: tenant.liveKey });
    expect(liveLimits.json.stake_per_week).toBeNull();
  });
});
