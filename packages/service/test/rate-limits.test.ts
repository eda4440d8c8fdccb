import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  burst,
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';
import { memoryWindowStore } from '../src/http/memory-window-store.js';
import {
  expectHammeringStaysRefused,
  expectSharedWaitingKeepsTheBudget,
  expectStoreRedeemsEachOnce,
  expectWaitingKeepsTheWholeBudget,
} from './rate-limit-fairness.js';
import { expectExactAcrossMinute } from './rate-limit-exact.js';

/**
 * Rate limits (docs/operator-api.md, "Rate limits") on the real limiter, counters in memory, its
 * window on the fake clock: each test starts at a minute's first millisecond (12:00:00.000 plus whole
 * minutes) with its own tenant.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());

const statuses = (answers: Response[]) => [...new Set(answers.map((a) => a.status))];
/** Moves the clock to the start of a later window, so each test begins with empty counters. */
const nextWindows = (n = 3) => clock.advance(n * 60_000 - (clock.now().getTime() % 60_000));

const credit = (user: string) => ({ external_user_id: user, direction: 'credit', amount: '0.01' });

describe('balance_sync: 450 a minute per tenant environment', () => {
  it('passes request 450, refuses 451 with 429, Retry-After and RateLimit headers, and applies nothing', async () => {
    nextWindows();
    const tenant = await createTenant(service);
    await registerUser(service, tenant.sandboxKey, 'rl-sync');
    await registerUser(service, tenant.liveKey, 'rl-sync', 'live');
    const first = await sync(service, tenant.sandboxKey, credit('rl-sync'), uniqueKey());
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('450');
    expect(first.headers.get('ratelimit-remaining')).toBe('449');
    expect(first.headers.get('ratelimit-reset')).toBe('60');
    const rest = await burst(449, () => sync(service, tenant.sandboxKey, credit('rl-sync'), uniqueKey()));
    expect(statuses(rest)).toEqual([200]);

    const key = uniqueKey();
    const refused = await sync(service, tenant.sandboxKey, credit('rl-sync'), key);
    expectEnvelope(refused, 'rate_limited', 429);
    // A first refusal is not counted: the 450 stay, all in this second, so the next passes once it has
    // left the window, 60 s from now.
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit-reset')).toBe('60');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const user = await service.api('sandbox', 'GET', '/v1/users/rl-sync', { key: tenant.sandboxKey });
    expect(user.json.balance).toBe('4.50');
    // A batch counts once and is refused the same way (counted: it came before that Retry-After); a
    // malformed body is not even read.
    const batch = { items: [{ ...credit('rl-sync'), idempotency_key: uniqueKey() }] };
    const refusedBatch = await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
      key: tenant.sandboxKey,
      body: batch,
      idempotencyKey: uniqueKey(),
    });
    expectEnvelope(refusedBatch, 'rate_limited', 429);
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/balance-sync', {
        key: tenant.sandboxKey,
        rawBody: '{',
        idempotencyKey: uniqueKey(),
      }),
      'rate_limited',
      429,
    );
    // The credential still comes first.
    expectEnvelope(await sync(service, 'pmk_sandbox_wrong', credit('rl-sync'), uniqueKey()), 'invalid_api_key', 401);

    // Other budgets are untouched: live, and user_sync.
    expect((await sync(service, tenant.liveKey, credit('rl-sync'), uniqueKey(), 'live')).status).toBe(200);
    expect((await registerUser(service, tenant.sandboxKey, 'rl-other')).status).toBe(201);

    // The refused request's key was not spent: once the window has moved on it applies, once.
    clock.advance(60_000);
    const later = await sync(service, tenant.sandboxKey, credit('rl-sync'), key);
    expect(later.status, later.text).toBe(200);
    expect(later.json.balance).toBe('4.51');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('stays refused while a client keeps retrying at once', async () => {
    nextWindows();
    const [quiet, hammering] = [await createTenant(service), await createTenant(service)];
    for (const tenant of [quiet, hammering]) {
      await registerUser(service, tenant.sandboxKey, 'rl-retry');
      await burst(451, () => sync(service, tenant.sandboxKey, credit('rl-retry'), uniqueKey()));
    }
    // Eight retries a second for a minute (more than the limit: the window holds the retries it counts,
    // and the exact window holds no more than 60 s of them), then both try again at the same instant.
    for (let s = 0; s < 60; s++) {
      clock.advance(1_000);
      await burst(8, () => sync(service, hammering.sandboxKey, credit('rl-retry'), uniqueKey()));
    }
    clock.advance(1_000);
    expect((await sync(service, quiet.sandboxKey, credit('rl-retry'), uniqueKey())).status).toBe(200);
    expectEnvelope(await sync(service, hammering.sandboxKey, credit('rl-retry'), uniqueKey()), 'rate_limited', 429);
  });
});

describe('the window, counted exactly', () => {
  it('refuses the 451st sync of 300 at the end of a minute and 150 at the start of the next, for 59 s', async () => {
    await expectExactAcrossMinute([service], clock);
  });
});

describe('raised limits', () => {
  it('apply at once to balance_sync, positions and default only', async () => {
    nextWindows();
    const tenant = await createTenant(service);
    const path = `/platform/v1/tenants/${tenant.tenantId}/rate-limits`;
    const before = await service.platform('GET', path);
    expect(before.json).toEqual({
      balance_sync: { tenant: 450, end_user: null },
      user_sync: { tenant: 3000, end_user: null },
      positions: { tenant: 4500, end_user: 10 },
      default: { tenant: 600, end_user: 60 },
      feed_read: { tenant: 600, end_user: 60 },
      widget_session: { tenant: 13500, end_user: 10 },
      users_me: { tenant: 4500, end_user: 60 },
      saved_markets: { tenant: 5400, end_user: 20 },
    });
    await registerUser(service, tenant.sandboxKey, 'rl-raised');
    await burst(450, () => sync(service, tenant.sandboxKey, credit('rl-raised'), uniqueKey()));
    const raised = await service.platform('PUT', path, { balance_sync: 460 });
    expect(raised.json.balance_sync).toEqual({ tenant: 460, end_user: null });
    const more = await burst(10, () => sync(service, tenant.sandboxKey, credit('rl-raised'), uniqueKey()));
    expect(statuses(more)).toEqual([200]);
    expect(more[9]!.headers.get('ratelimit-limit')).toBe('460');
    expectEnvelope(await sync(service, tenant.sandboxKey, credit('rl-raised'), uniqueKey()), 'rate_limited', 429);

    for (const body of [{ feed_read: 1000 }, { widget_session: 1 }, { balance_sync: 0 }, { default: 1.5 }]) {
      expectEnvelope(await service.platform('PUT', path, body), 'validation_failed', 400);
    }
    const unknown = '/platform/v1/tenants/00000000-0000-4000-8000-000000000000/rate-limits';
    expectEnvelope(await service.platform('PUT', unknown, { default: 700 }), 'not_found', 404);
    expectEnvelope(await service.platform('GET', unknown), 'not_found', 404);
    expect((await service.platform('GET', path)).json.feed_read).toEqual({ tenant: 600, end_user: 60 });
  });
});

describe('end users', () => {
  let tenant: TestTenant;
  let market: Awaited<ReturnType<typeof createMarket>>;
  beforeAll(async () => {
    tenant = await createTenant(service);
    market = await createMarket(service, tenant);
  });
  const openBody = (user?: string) => ({
    ...(user && { external_user_id: user }),
    market_slug: market.slug,
    outcome_id: market.outcomes[0]!.id,
    stake: '0.10',
    max_price: '1',
  });

  it('positions: 10 a minute per session user, on top of the tenant limit; the API key meets only the tenant limit', async () => {
    nextWindows();
    const user = await fundedUser(service, tenant.sandboxKey, 'rl-trader');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const open = (key: string, body: object) =>
      service.api('sandbox', 'POST', '/v1/positions', { key, body, idempotencyKey: uniqueKey() });
    const opened = await burst(10, () => open(token, openBody()));
    expect(statuses(opened)).toEqual([201]);
    // The user's limit is the tighter one in the headers.
    expect(opened[0]!.headers.get('ratelimit-limit')).toBe('10');
    expect(opened.map((o) => o.headers.get('ratelimit-remaining')).sort()).toContain('0');
    const refused = await open(token, openBody());
    expectEnvelope(refused, 'rate_limited', 429);
    // Ten opens early in the minute: the eleventh waits until their second has left the window, never more
    // than 60 s (the estimate from two fixed windows said 63 to 65, past what the SDK waits by default).
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(
      await service.db.selectFrom('position_rejections').selectAll().where('external_user_id', '=', user).execute(),
    ).toEqual([]);
    // A close is the same tier; another user's session is not limited; the API key may still trade for the user.
    expectEnvelope(
      await service.api('sandbox', 'POST', `/v1/positions/${opened[0]!.json.id}/close`, {
        key: token,
        body: { min_price: '0' },
        idempotencyKey: uniqueKey(),
      }),
      'rate_limited',
      429,
    );
    const other = await sessionFor(
      service,
      tenant.sandboxKey,
      await fundedUser(service, tenant.sandboxKey, 'rl-other'),
    );
    expect((await open(other, openBody())).status).toBe(201);
    const byKey = await open(tenant.sandboxKey, openBody(user));
    expect(byKey.status).toBe(201);
    expect(byKey.headers.get('ratelimit-limit')).toBe('4500');
    // 12 counted: 10 opens, the other user's, this one. The refused open and close are not: the tenant's
    // bucket gave no Retry-After they came before (the user's counts the close, which came before its own).
    expect(byKey.headers.get('ratelimit-remaining')).toBe(String(4500 - 12));
    // Obeyed, the Retry-After lets the session open again.
    clock.advance(60_000);
    expect((await open(token, openBody())).status).toBe(201);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('feed_read: session reads count against the user only (60), API-key reads against the tenant only (600)', async () => {
    nextWindows();
    const user = await fundedUser(service, tenant.sandboxKey, 'rl-reader');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    const read = (key: string) => service.api('sandbox', 'GET', `/v1/markets/${market.slug}`, { key });
    expect(statuses(await burst(60, () => read(token)))).toEqual([200]);
    expectEnvelope(await read(token), 'rate_limited', 429);
    const byKey = await read(tenant.sandboxKey);
    expect(byKey.status).toBe(200);
    // The 61 session reads did not touch the tenant's budget.
    expect(byKey.headers.get('ratelimit-remaining')).toBe('599');
  });

  it('widget_session: 10 refreshes a minute per user', async () => {
    nextWindows();
    const user = await fundedUser(service, tenant.sandboxKey, 'rl-widget');
    let token = await sessionFor(service, tenant.sandboxKey, user);
    clock.advance(11 * 60_000); // within 5 minutes of expiry, when a refresh is allowed
    for (let i = 0; i < 10; i++) {
      const refreshed = await service.api('sandbox', 'POST', '/v1/widget/sessions/refresh', { key: token });
      expect(refreshed.status, refreshed.text).toBe(200);
      token = refreshed.json.token;
    }
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/widget/sessions/refresh', { key: token }),
      'rate_limited',
      429,
    );
  });
});

describe('default: 600 a minute per tenant environment, 60 per session user apart', () => {
  it('passes read 600 and refuses 601; platform routes are not limited', async () => {
    nextWindows();
    const tenant = await createTenant(service);
    await registerUser(service, tenant.sandboxKey, 'rl-default');
    const read = () =>
      service.api('sandbox', 'GET', '/v1/positions?external_user_id=rl-default', { key: tenant.sandboxKey });
    const reads = await burst(600, read);
    expect(statuses(reads)).toEqual([200]);
    expectEnvelope(await read(), 'rate_limited', 429);
    expect((await read()).headers.get('ratelimit-limit')).toBe('600');
    const platform = await service.platform('GET', `/platform/v1/tenants/${tenant.tenantId}`);
    expect(platform.status).toBe(200);
    expect(platform.headers.get('ratelimit-limit')).toBeNull();
  });
});

describe('default: session requests count per end user, apart from the tenant', () => {
  it('keeps the API key going past many session reads, and limits each session user to 60 a minute', async () => {
    nextWindows();
    const tenant = await createTenant(service);
    const lowered = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/rate-limits`, {
      default: 5,
    });
    expect(lowered.json.default).toEqual({ tenant: 5, end_user: 60 });
    const [reader, other] = [
      await fundedUser(service, tenant.sandboxKey, 'rl-session-reader'),
      await fundedUser(service, tenant.sandboxKey, 'rl-session-other'),
    ];
    const [token, otherToken] = [
      await sessionFor(service, tenant.sandboxKey, reader),
      await sessionFor(service, tenant.sandboxKey, other),
    ];
    const positions = (key: string) => service.api('sandbox', 'GET', '/v1/positions', { key });
    const reads = await burst(60, () => positions(token));
    expect(statuses(reads)).toEqual([200]);
    expect(reads[0]!.headers.get('ratelimit-limit')).toBe('60');
    const refused = await positions(token);
    expectEnvelope(refused, 'rate_limited', 429);
    expect(refused.headers.get('ratelimit-limit')).toBe('60');
    // Another user of the tenant has a budget of its own, and the session reads spent none of the tenant's.
    expect((await positions(otherToken)).status).toBe(200);
    const byKey = await service.api('sandbox', 'GET', '/v1/transactions', { key: tenant.sandboxKey });
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.headers.get('ratelimit-limit')).toBe('5');
    expect(byKey.headers.get('ratelimit-remaining')).toBe('4');
    // The API key still meets the tenant's (lowered) limit.
    expect(statuses(await burst(4, () => positions(tenant.sandboxKey)))).toEqual([200]);
    expectEnvelope(await positions(tenant.sandboxKey), 'rate_limited', 429);
  });
});

describe('refused requests: not counted at or after the last Retry-After, or redeeming a due one', () => {
  it('a client that waits out each Retry-After keeps its whole budget', async () => {
    nextWindows();
    await expectWaitingKeepsTheWholeBudget(service, clock);
  });

  it('a client that retries at once stays refused, its Retry-After never nearer', async () => {
    nextWindows();
    await expectHammeringStaysRefused(service, clock);
  });

  it('a dozen clients sharing the bucket of one user, each waiting out its Retry-After, get its budget together', async () => {
    nextWindows();
    await expectSharedWaitingKeepsTheBudget(service, clock);
  });

  it('the store redeems each given Retry-After once, within its span', async () => {
    await expectStoreRedeemsEachOnce(memoryWindowStore(), 't:sandbox');
  });
});
