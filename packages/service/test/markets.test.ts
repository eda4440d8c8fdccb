import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import {
  ADMIN_TOKEN,
  call,
  createTenant,
  expectEnvelope,
  startTestService,
  WIDGET_SECRET,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { FakeClock } from '../src/lib/clock.js';
import { SCOPES } from '../src/domains/api-keys/model/scopes.js';
import { signSessionToken } from '../src/http/session-token.js';
import { findMarketsByIds, saveMarketState } from '../src/domains/markets/market-repo.js';
import { lockMarketForTrade } from '../src/domains/trading/market-lock.js';
import { initialQ } from '../src/domains/markets/model/lmsr.js';
import { listFeedMarkets } from '../src/domains/market-feed/index.js';
import { tenantContextOf } from '../src/domains/context.js';
import { createPool } from '../src/db/connection.js';
import type { Database } from '../src/db/schema.js';

const START = '2026-03-01T12:00:00.000Z';
const clock = new FakeClock(START);
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());

let counter = 0;
/** A slug unique in this run. */
function uniqueSlug(prefix = 'm'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
}

function marketBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    slug: uniqueSlug(),
    title: 'Will it rain in Lisbon tomorrow?',
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: '2026-01-01T00:00:00Z',
    closes_at: '2027-01-01T00:00:00Z',
    max_stake_per_position: '100.00',
    max_open_stake_per_user: '500',
    liquidity: '100',
    ...overrides,
  };
}

async function createMarket(overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await service.platform('POST', '/platform/v1/markets', marketBody(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json;
}

async function enable(tenantId: string, slug: string): Promise<void> {
  const res = await service.platform('PUT', `/platform/v1/tenants/${tenantId}/markets/${slug}`);
  expect(res.status, res.text).toBe(200);
}

const feed = (key: string, path: string, environment: 'sandbox' | 'live' = 'sandbox') =>
  service.api(environment, 'GET', path, { key });

/** Sets a market's q (and records a price point) at the clock's time, as a trade would. */
async function movePrices(marketId: string, q: number[], b = 100): Promise<void> {
  await service.db.transaction().execute((tx) => saveMarketState(tx, marketId, q, b, clock.now()));
}

const PRICE = /^0\.\d{6}$/;

describe('POST /platform/v1/markets', () => {
  it('creates an open market with equal prices when initial_prices is absent', async () => {
    const body = marketBody({ outcomes: [{ title: 'Yes' }, { title: 'No' }, { title: 'Void' }], liquidity: '250.5' });
    const res = await service.platform('POST', '/platform/v1/markets', body);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      slug: body.slug,
      title: 'Will it rain in Lisbon tomorrow?',
      status: 'open',
      opens_at: '2026-01-01T00:00:00.000Z',
      closes_at: '2027-01-01T00:00:00.000Z',
      max_stake_per_position: '100.00',
      max_open_stake_per_user: '500.00',
      liquidity: '250.5',
      resolved_outcome_id: null,
      outcomes: [
        { id: expect.any(String), title: 'Yes', price: '0.333333' },
        { id: expect.any(String), title: 'No', price: '0.333333' },
        { id: expect.any(String), title: 'Void', price: '0.333333' },
      ],
      sandbox_influence: '0.01',
      sandbox_spread: '0.000000',
      rules: null,
      resolution_source: null,
      created_at: START,
    });
    expect(new Set(res.json.outcomes.map((o: any) => o.id)).size).toBe(3);
    // The first price point is recorded at creation.
    const points = await service.db
      .selectFrom('price_points')
      .select(['ts', 'prices'])
      .where('market_id', '=', res.json.id)
      .execute();
    expect(points).toEqual([{ ts: new Date(START), prices: [333333n, 333333n, 333333n] }]);
  });

  it('starts at initial_prices, exactly, with q = b·ln p', async () => {
    const market = await createMarket({
      outcomes: [{ title: 'A' }, { title: 'B' }, { title: 'C' }],
      initial_prices: ['0.1', '0.2', '0.7'],
    });
    expect(market.outcomes.map((o: any) => o.price)).toEqual(['0.100000', '0.200000', '0.700000']);
    const row = await service.db
      .selectFrom('markets')
      .select(['q', 'liquidity'])
      .where('id', '=', market.id)
      .executeTakeFirstOrThrow();
    expect(row.q).toEqual(initialQ([0.1, 0.2, 0.7], 100));
    const extremes = await createMarket({ initial_prices: ['0.000001', '0.999999'] });
    expect(extremes.outcomes.map((o: any) => o.price)).toEqual(['0.000001', '0.999999']);
    const thirds = await createMarket({
      outcomes: [{ title: 'A' }, { title: 'B' }, { title: 'C' }],
      initial_prices: ['0.333333', '0.333334', '0.333333'],
    });
    expect(thirds.outcomes.map((o: any) => o.price)).toEqual(['0.333333', '0.333334', '0.333333']);
  });

  it('accepts the limits: 20 outcomes, a 64-character slug, one-cent caps', async () => {
    const outcomes = Array.from({ length: 20 }, (_, i) => ({ title: `Outcome ${i}` }));
    const slug = `${uniqueSlug('max')}-`.padEnd(64, 'x');
    const market = await createMarket({
      slug,
      outcomes,
      max_stake_per_position: '0.01',
      max_open_stake_per_user: '0.1',
    });
    expect(market.slug).toBe(slug);
    expect(market.outcomes).toHaveLength(20);
    expect(market.outcomes.map((o: any) => o.title)).toEqual(outcomes.map((o) => o.title));
    expect(market.max_stake_per_position).toBe('0.01');
    expect(market.max_open_stake_per_user).toBe('0.10');
  });

  it('refuses every malformed field with 400 validation_failed', async () => {
    const twoOutcomes = [{ title: 'Yes' }, { title: 'No' }];
    const cases: [string, Record<string, unknown>][] = [
      ['empty slug', { slug: '' }],
      ['upper-case slug', { slug: 'Rain-Tomorrow' }],
      ['slug with a space', { slug: 'rain tomorrow' }],
      ['slug with an underscore', { slug: 'rain_tomorrow' }],
      ['slug of 65 characters', { slug: 'a'.repeat(65) }],
      ['slug as a number', { slug: 12 }],
      ['empty title', { title: '' }],
      ['blank title', { title: '   ' }],
      ['title of 201 characters', { title: 'x'.repeat(201) }],
      ['one outcome', { outcomes: [{ title: 'Yes' }] }],
      ['21 outcomes', { outcomes: Array.from({ length: 21 }, (_, i) => ({ title: `o${i}` })) }],
      ['an outcome without title', { outcomes: [{ title: 'Yes' }, {}] }],
      ['an empty outcome title', { outcomes: [{ title: 'Yes' }, { title: ' ' }] }],
      ['duplicate outcome titles', { outcomes: [{ title: 'Yes' }, { title: 'Yes' }] }],
      ['an unknown outcome field', { outcomes: [{ title: 'Yes' }, { title: 'No', price: '0.5' }] }],
      ['outcomes as strings', { outcomes: ['Yes', 'No'] }],
      ['a date without time', { opens_at: '2026-01-01' }],
      ['a time with an offset', { opens_at: '2026-01-01T00:00:00+01:00' }],
      ['a time as a number', { closes_at: 1767225600000 }],
      ['closes_at equal to opens_at', { opens_at: '2026-06-01T00:00:00Z', closes_at: '2026-06-01T00:00:00Z' }],
      ['closes_at before opens_at', { opens_at: '2026-06-01T00:00:00Z', closes_at: '2026-05-01T00:00:00Z' }],
      ['a stake cap as a number', { max_stake_per_position: 100 }],
      ['a zero stake cap', { max_stake_per_position: '0' }],
      ['a zero stake cap with decimals', { max_stake_per_position: '0.00' }],
      ['a negative stake cap', { max_stake_per_position: '-1.00' }],
      ['a stake cap with three decimals', { max_stake_per_position: '1.234' }],
      ['a stake cap with an exponent', { max_stake_per_position: '1e3' }],
      ['a zero user cap', { max_open_stake_per_user: '0.00' }],
      ['a user cap as a number', { max_open_stake_per_user: 500 }],
      ['a zero liquidity', { liquidity: '0' }],
      ['a zero liquidity with decimals', { liquidity: '0.000' }],
      ['a negative liquidity', { liquidity: '-100' }],
      ['a liquidity as a number', { liquidity: 100 }],
      ['a liquidity with seven decimals', { liquidity: '1.1234567' }],
      ['a liquidity with an exponent', { liquidity: '1e2' }],
      ['too few initial prices', { outcomes: twoOutcomes, initial_prices: ['1.0'] }],
      ['too many initial prices', { outcomes: twoOutcomes, initial_prices: ['0.2', '0.3', '0.5'] }],
      [
        'initial prices summing to 0.999999',
        {
          outcomes: [{ title: 'A' }, { title: 'B' }, { title: 'C' }],
          initial_prices: ['0.333333', '0.333333', '0.333333'],
        },
      ],
      ['initial prices summing to 1.000001', { initial_prices: ['0.5', '0.500001'] }],
      ['an initial price of 0', { initial_prices: ['0', '1'] }],
      ['an initial price of 1', { initial_prices: ['1.000000', '0.000000'] }],
      ['initial prices as numbers', { initial_prices: [0.5, 0.5] }],
      ['an initial price with seven decimals', { initial_prices: ['0.5000000', '0.5'] }],
      ['a negative initial price', { initial_prices: ['-0.5', '1.5'] }],
      ['an unknown field', { initial_price: ['0.5', '0.5'] }],
    ];
    for (const [name, overrides] of cases) {
      const res = await service.platform('POST', '/platform/v1/markets', marketBody(overrides));
      expect(res.status, name).toBe(400);
      expectEnvelope(res, 'validation_failed');
    }
    for (const field of [
      'slug',
      'title',
      'outcomes',
      'opens_at',
      'closes_at',
      'max_stake_per_position',
      'max_open_stake_per_user',
      'liquidity',
    ]) {
      const body = marketBody();
      delete body[field];
      expectEnvelope(await service.platform('POST', '/platform/v1/markets', body), 'validation_failed', 400);
    }
    // The failing field is named in details.issues.
    const res = await service.platform('POST', '/platform/v1/markets', marketBody({ initial_prices: ['0.4', '0.4'] }));
    expect(res.json.details.issues[0]).toMatchObject({
      path: '/initial_prices',
      message: expect.stringContaining('sum to exactly 1'),
    });
  });

  it('answers 409 state_conflict for a slug that exists, and leaves the first market as it was', async () => {
    const first = await createMarket({ title: 'First' });
    const again = await service.platform(
      'POST',
      '/platform/v1/markets',
      marketBody({ slug: first.slug, title: 'Second', initial_prices: ['0.9', '0.1'] }),
    );
    expectEnvelope(again, 'state_conflict', 409);
    const rows = await service.db.selectFrom('markets').select(['title']).where('slug', '=', first.slug).execute();
    expect(rows).toEqual([{ title: 'First' }]);
  });

  it('needs the platform token', async () => {
    expectEnvelope(
      await call(service.urls.platform, 'POST', '/platform/v1/markets', { body: marketBody() }),
      'invalid_api_key',
      401,
    );
    expectEnvelope(
      await service.api('sandbox', 'POST', '/platform/v1/markets', {
        key: ADMIN_TOKEN,
        body: marketBody(),
      }),
      'not_found',
      404,
    );
  });
});

describe('PUT and DELETE /platform/v1/tenants/{tenant_id}/markets/{slug}', () => {
  it('enables and disables a market for both environments, idempotently', async () => {
    const tenant = await createTenant(service);
    const market = await createMarket();
    const path = `/platform/v1/tenants/${tenant.tenantId}/markets/${market.slug}`;
    for (let i = 0; i < 2; i++) {
      const res = await service.platform('PUT', path);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ tenant_id: tenant.tenantId, market_slug: market.slug, enabled: true });
    }
    expect((await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`)).status).toBe(200);
    expect((await feed(tenant.liveKey, `/v1/markets/${market.slug}`, 'live')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await service.platform('DELETE', path);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ tenant_id: tenant.tenantId, market_slug: market.slug, enabled: false });
    }
    expectEnvelope(await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`), 'not_found', 404);
    expectEnvelope(await feed(tenant.liveKey, `/v1/markets/${market.slug}`, 'live'), 'not_found', 404);
    // Enabled again after a disable.
    expect((await service.platform('PUT', path)).json.enabled).toBe(true);
    expect((await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`)).status).toBe(200);
  });

  it('answers 404 for an unknown tenant or market', async () => {
    const tenant = await createTenant(service);
    const market = await createMarket();
    for (const method of ['PUT', 'DELETE']) {
      expectEnvelope(
        await service.platform(
          method,
          `/platform/v1/tenants/00000000-0000-4000-8000-000000000000/markets/${market.slug}`,
        ),
        'not_found',
        404,
      );
      expectEnvelope(
        await service.platform(method, `/platform/v1/tenants/not-a-uuid/markets/${market.slug}`),
        'not_found',
        404,
      );
      expectEnvelope(
        await service.platform(method, `/platform/v1/tenants/${tenant.tenantId}/markets/no-such-market`),
        'not_found',
        404,
      );
    }
  });
});

describe('POST /platform/v1/markets/{slug}/suspend and /reopen', () => {
  it('suspends an open market and reopens a suspended one; the feed shows the status', async () => {
    const tenant = await createTenant(service);
    const market = await createMarket();
    await enable(tenant.tenantId, market.slug);
    const suspended = await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.json).toEqual({ ...market, status: 'suspended' });
    expect((await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`)).json.status).toBe('suspended');
    const reopened = await service.platform('POST', `/platform/v1/markets/${market.slug}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.json).toEqual({ ...market, status: 'open' });
    expect((await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`)).json.status).toBe('open');
  });

  it('answers 409 state_conflict from any other status, and 404 for an unknown market', async () => {
    const market = await createMarket();
    expectEnvelope(await service.platform('POST', `/platform/v1/markets/${market.slug}/reopen`), 'state_conflict', 409);
    await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`);
    expectEnvelope(
      await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`),
      'state_conflict',
      409,
    );
    for (const status of ['resolved', 'voided'] as const) {
      const ended = await createMarket();
      await service.db
        .updateTable('markets')
        .set({ status, resolved_at: clock.now() })
        .where('id', '=', ended.id)
        .execute();
      for (const action of ['suspend', 'reopen']) {
        const res = await service.platform('POST', `/platform/v1/markets/${ended.slug}/${action}`);
        expectEnvelope(res, 'state_conflict', 409);
        expect(res.json.message).toContain(status);
      }
    }
    for (const action of ['suspend', 'reopen']) {
      expectEnvelope(await service.platform('POST', `/platform/v1/markets/no-such-market/${action}`), 'not_found', 404);
    }
  });
});

describe('market-repo for trades', () => {
  it('locks and reads a market only when it is enabled for the tenant', async () => {
    const tenant = await createTenant(service);
    const other = await createTenant(service);
    const market = await createMarket({
      outcomes: [{ title: 'A' }, { title: 'B' }, { title: 'C' }],
      initial_prices: ['0.5', '0.3', '0.2'],
      liquidity: '150.25',
    });
    await enable(tenant.tenantId, market.slug);
    const expected = {
      id: market.id,
      slug: market.slug,
      status: 'open',
      opensAt: new Date('2026-01-01T00:00:00Z'),
      closesAt: new Date('2027-01-01T00:00:00Z'),
      maxStakePerPosition: 10_000n,
      maxOpenStakePerUser: 50_000n,
      b: 150.25,
      q: initialQ([0.5, 0.3, 0.2], 150.25),
      outcomes: market.outcomes.map((o: any, ordinal: number) => ({ id: o.id, ordinal, title: o.title })),
    };
    await service.db.transaction().execute(async (tx) => {
      expect(
        await lockMarketForTrade(tx, { tenantId: tenant.tenantId, environment: 'sandbox' }, { slug: market.slug }),
      ).toMatchObject(expected);
      expect(
        await lockMarketForTrade(tx, { tenantId: tenant.tenantId, environment: 'sandbox' }, { id: market.id }),
      ).toMatchObject(expected);
      expect(
        await lockMarketForTrade(tx, { tenantId: other.tenantId, environment: 'sandbox' }, { slug: market.slug }),
      ).toBeNull();
      expect(
        await lockMarketForTrade(tx, { tenantId: other.tenantId, environment: 'sandbox' }, { id: market.id }),
      ).toBeNull();
      expect(
        await lockMarketForTrade(tx, { tenantId: tenant.tenantId, environment: 'sandbox' }, { slug: 'no-such-market' }),
      ).toBeNull();
    });
    const byId = await findMarketsByIds(service.db, [market.id, market.id, '00000000-0000-4000-8000-000000000000']);
    expect([...byId.keys()]).toEqual([market.id]);
    expect(byId.get(market.id)).toMatchObject({
      ...expected,
      title: market.title,
      liquidity: '150.25',
      resolvedOutcomeId: null,
    });
  });

  it('holds the market row until the transaction ends', async () => {
    const tenant = await createTenant(service);
    const market = await createMarket();
    await enable(tenant.tenantId, market.slug);
    await service.db.transaction().execute(async (tx) => {
      await lockMarketForTrade(tx, { tenantId: tenant.tenantId, environment: 'sandbox' }, { slug: market.slug });
      const blocked = service.db.transaction().execute(async (other) => {
        await sql`set local lock_timeout = '200ms'`.execute(other);
        return lockMarketForTrade(other, { tenantId: tenant.tenantId, environment: 'sandbox' }, { id: market.id });
      });
      await expect(blocked).rejects.toThrow(/lock timeout/);
    });
  });

  it('saveMarketState writes q and records the displayed prices as a price point', async () => {
    const market = await createMarket();
    clock.advance(1_000);
    await movePrices(market.id, [50, 0]);
    const row = await service.db
      .selectFrom('markets')
      .select(['q', 'updated_at'])
      .where('id', '=', market.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ q: [50, 0], updated_at: clock.now() });
    const points = await service.db
      .selectFrom('price_points')
      .select(['ts', 'prices'])
      .where('market_id', '=', market.id)
      .orderBy('seq')
      .execute();
    expect(points.map((p) => ({ ts: p.ts.toISOString(), prices: p.prices.map(String) }))).toEqual([
      { ts: new Date(clock.now().getTime() - 1_000).toISOString(), prices: ['500000', '500000'] },
      { ts: clock.now().toISOString(), prices: ['622459', '377541'] },
    ]);
  });
});

describe('the market feed', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let enabled: any[];
  let hidden: any;

  beforeAll(async () => {
    tenant = await createTenant(service);
    other = await createTenant(service);
    enabled = [];
    for (const prefix of ['feed-c', 'feed-a', 'feed-b']) enabled.push(await createMarket({ slug: uniqueSlug(prefix) }));
    hidden = await createMarket({ slug: uniqueSlug('feed-hidden') });
    for (const market of enabled) await enable(tenant.tenantId, market.slug);
  });

  it('lists only the markets enabled for the tenant, by slug, in the feed shape', async () => {
    const res = await feed(tenant.sandboxKey, '/v1/markets');
    expect(res.status).toBe(200);
    const slugs = enabled.map((m) => m.slug).sort();
    expect(res.json.data.map((m: any) => m.slug)).toEqual(slugs);
    expect(res.json.next_cursor).toBeNull();
    const first = enabled.find((m) => m.slug === slugs[0]);
    expect(res.json.data[0]).toEqual({
      slug: first.slug,
      title: first.title,
      status: 'open',
      opens_at: '2026-01-01T00:00:00.000Z',
      closes_at: '2027-01-01T00:00:00.000Z',
      resolved_outcome_id: null,
      resolved_at: null,
      rules: null,
      resolution_source: null,
      volume: '0.00',
      outcomes: first.outcomes.map((o: any) => ({ ...o, change_24h: '0.000000' })),
    });
    expect(res.text).not.toContain(hidden.slug);
    // Platform-only fields stay on the platform.
    expect(Object.keys(res.json.data[0])).not.toContain('liquidity');
  });

  it('shows sandbox and live keys and a widget session the same markets', async () => {
    const sandbox = await feed(tenant.sandboxKey, '/v1/markets');
    const live = await feed(tenant.liveKey, '/v1/markets', 'live');
    expect(live.json).toEqual(sandbox.json);
    const { token } = await signSessionToken(
      WIDGET_SECRET,
      {
        tenantId: tenant.tenantId,
        environment: 'live',
        externalUserId: 'u1',
        capAt: new Date(clock.now().getTime() + 3_600_000),
      },
      clock.now(),
    );
    const session = await feed(token, '/v1/markets', 'live');
    expect(session.status).toBe(200);
    expect(session.json).toEqual(sandbox.json);
    expect((await feed(token, `/v1/markets/${enabled[0].slug}/snapshot`, 'live')).status).toBe(200);
    expectEnvelope(await feed(token, '/v1/markets', 'sandbox'), 'invalid_session_token', 401);
  });

  it('isolates tenants: another tenant sees none of them and gets 404 on every read', async () => {
    expect((await feed(other.sandboxKey, '/v1/markets')).json).toEqual({ data: [], next_cursor: null });
    expect((await feed(other.liveKey, '/v1/markets', 'live')).json).toEqual({ data: [], next_cursor: null });
    for (const slug of [enabled[0].slug, hidden.slug, 'no-such-market', 'NOT A SLUG']) {
      for (const suffix of ['', '/snapshot', '/history']) {
        expectEnvelope(
          await feed(other.sandboxKey, `/v1/markets/${encodeURIComponent(slug)}${suffix}`),
          'not_found',
          404,
        );
      }
    }
    for (const suffix of ['', '/snapshot', '/history']) {
      expectEnvelope(await feed(tenant.sandboxKey, `/v1/markets/${hidden.slug}${suffix}`), 'not_found', 404);
    }
  });

  it('gives prices strictly between 0 and 1 with six decimals, summing to about 1', async () => {
    const market = await createMarket({ outcomes: [{ title: 'A' }, { title: 'B' }, { title: 'C' }, { title: 'D' }] });
    await enable(tenant.tenantId, market.slug);
    // A lopsided q: one price rounds to 1 and the others to 0 unless clamped.
    await movePrices(market.id, [5_000, 0, 0, -5_000]);
    const res = await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`);
    const prices = res.json.outcomes.map((o: any) => o.price);
    for (const price of prices) {
      expect(price).toMatch(PRICE);
      expect(Number(price)).toBeGreaterThan(0);
      expect(Number(price)).toBeLessThan(1);
    }
    expect(prices).toEqual(['0.999999', '0.000001', '0.000001', '0.000001']);
    await movePrices(market.id, [12.5, -3, 40, 0]);
    const moved = (await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`)).json.outcomes.map((o: any) =>
      Number(o.price),
    );
    expect(Math.abs(moved.reduce((s: number, p: number) => s + p, 0) - 1)).toBeLessThanOrEqual(4e-6);
  });

  it('answers a snapshot of the current prices at the time of the read', async () => {
    const market = enabled[0];
    await movePrices(market.id, [0, 50]);
    const res = await feed(tenant.sandboxKey, `/v1/markets/${market.slug}/snapshot`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      market_slug: market.slug,
      ts: clock.now().toISOString(),
      outcomes: [
        { id: market.outcomes[0].id, price: '0.377541' },
        { id: market.outcomes[1].id, price: '0.622459' },
      ],
    });
    const read = (await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`)).json;
    expect(read.outcomes.map((o: any) => o.price)).toEqual(['0.377541', '0.622459']);
  });

  it('pages through the list with limit and cursor, and filters by status', async () => {
    const pager = await createTenant(service);
    const slugs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const market = await createMarket({ slug: uniqueSlug(`page-${i}`) });
      await enable(pager.tenantId, market.slug);
      slugs.push(market.slug);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await feed(pager.sandboxKey, `/v1/markets${query}`);
      expect(res.status).toBe(200);
      expect(res.json.data.length).toBeLessThanOrEqual(2);
      seen.push(...res.json.data.map((m: any) => m.slug));
      cursor = res.json.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...slugs].sort());
    // A page that ends exactly at the last market has no next cursor.
    const all = await feed(pager.sandboxKey, '/v1/markets?limit=5');
    expect(all.json.next_cursor).toBeNull();

    await service.platform('POST', `/platform/v1/markets/${slugs[3]}/suspend`);
    expect((await feed(pager.sandboxKey, '/v1/markets?status=suspended')).json.data.map((m: any) => m.slug)).toEqual([
      slugs[3],
    ]);
    expect((await feed(pager.sandboxKey, '/v1/markets?status=open')).json.data).toHaveLength(4);
    for (const query of ['?limit=0', '?limit=501', '?limit=x', '?cursor=bm9wZQ', '?cursor=%21%21', '?status=closed']) {
      expectEnvelope(await feed(pager.sandboxKey, `/v1/markets${query}`), 'validation_failed', 400);
    }
  });

  it('answers 401 without a valid credential and 403 for a key without read:markets', async () => {
    const noScope = await createTenant(
      service,
      SCOPES.filter((s) => s !== 'read:markets'),
    );
    await enable(noScope.tenantId, enabled[0].slug);
    for (const path of [
      '/v1/markets',
      `/v1/markets/${enabled[0].slug}`,
      `/v1/markets/${enabled[0].slug}/snapshot`,
      `/v1/markets/${enabled[0].slug}/history`,
    ]) {
      expectEnvelope(await service.api('sandbox', 'GET', path), 'invalid_api_key', 401);
      expectEnvelope(await feed(`pmk_sandbox_${'A'.repeat(32)}`, path), 'invalid_api_key', 401);
      expectEnvelope(await feed(tenant.liveKey, path), 'invalid_api_key', 401);
      expectEnvelope(await feed('not-a-token', path), 'invalid_session_token', 401);
      expectEnvelope(await feed(noScope.sandboxKey, path), 'insufficient_scope', 403);
    }
    const readOnly = await createTenant(service, ['read:markets']);
    await enable(readOnly.tenantId, enabled[0].slug);
    expect((await feed(readOnly.sandboxKey, `/v1/markets/${enabled[0].slug}`)).status).toBe(200);
  });

  it('documents the feed in the API reference', async () => {
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    for (const path of [
      '/v1/markets',
      '/v1/markets/{slug}',
      '/v1/markets/{slug}/snapshot',
      '/v1/markets/{slug}/history',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/v1/markets/{slug}/history'].get.parameters)).toContain('interval');
  });
});

describe('GET /v1/markets/{slug}/history', () => {
  let tenant: TestTenant;

  beforeAll(async () => {
    tenant = await createTenant(service);
  });

  /** A market created at 10:00:00, its price moved at the given offsets (seconds) with the given q. */
  async function marketWithMoves(moves: [number, number[]][]): Promise<any> {
    clock.set('2026-03-02T10:00:00Z');
    const market = await createMarket();
    await enable(tenant.tenantId, market.slug);
    for (const [seconds, q] of moves) {
      clock.set(new Date(Date.parse('2026-03-02T10:00:00Z') + seconds * 1000));
      await movePrices(market.id, q);
    }
    return market;
  }

  const history = (slug: string, query: string) => feed(tenant.sandboxKey, `/v1/markets/${slug}/history${query}`);
  const pricesOf = (points: any[]) => points.map((p) => ({ ts: p.ts, prices: p.outcomes.map((o: any) => o.price) }));

  it('gives the last price of each bucket that has points, stamped with the bucket start', async () => {
    const market = await marketWithMoves([
      [10, [10, 0]],
      [50, [20, 0]],
      [180, [0, 10]],
      [239, [0, 20]],
      [7_200, [30, 0]],
    ]);
    clock.set('2026-03-02T12:30:00Z');
    const res = await history(market.slug, '?interval=1m&from=2026-03-02T10:00:00Z&to=2026-03-02T11:00:00Z');
    expect(res.status).toBe(200);
    expect(res.json.market_slug).toBe(market.slug);
    expect(res.json.points[0].outcomes.map((o: any) => o.id)).toEqual(market.outcomes.map((o: any) => o.id));
    expect(pricesOf(res.json.points)).toEqual([
      { ts: '2026-03-02T10:00:00.000Z', prices: ['0.549834', '0.450166'] },
      { ts: '2026-03-02T10:03:00.000Z', prices: ['0.450166', '0.549834'] },
    ]);
    const hourly = await history(market.slug, '?interval=1h&from=2026-03-02T10:00:00Z&to=2026-03-02T13:00:00Z');
    expect(pricesOf(hourly.json.points)).toEqual([
      { ts: '2026-03-02T10:00:00.000Z', prices: ['0.450166', '0.549834'] },
      { ts: '2026-03-02T12:00:00.000Z', prices: ['0.574443', '0.425557'] },
    ]);
    const daily = await history(market.slug, '?interval=1d&from=2026-03-01T00:00:00Z&to=2026-03-03T00:00:00Z');
    expect(pricesOf(daily.json.points)).toEqual([{ ts: '2026-03-02T00:00:00.000Z', prices: ['0.574443', '0.425557'] }]);
  });

  it('takes from inclusive (rounded down to its bucket) and to exclusive', async () => {
    const market = await marketWithMoves([
      [65, [10, 0]],
      [125, [20, 0]],
    ]);
    // from 10:01:30 rounds down to 10:01:00 and so includes the move at 10:01:05; to 10:02:05 excludes 10:02:05.
    const res = await history(market.slug, '?interval=1m&from=2026-03-02T10:01:30Z&to=2026-03-02T10:02:05Z');
    expect(pricesOf(res.json.points)).toEqual([{ ts: '2026-03-02T10:01:00.000Z', prices: ['0.524979', '0.475021'] }]);
    const after = await history(market.slug, '?interval=1m&from=2026-03-02T10:01:30Z&to=2026-03-02T10:02:05.001Z');
    expect(pricesOf(after.json.points).map((p) => p.ts)).toEqual([
      '2026-03-02T10:01:00.000Z',
      '2026-03-02T10:02:00.000Z',
    ]);
  });

  it('defaults to interval 1h over the 30 days before now, and 1m over the last 24 hours', async () => {
    const market = await marketWithMoves([[3_600, [10, 0]]]);
    clock.set('2026-03-03T10:30:00Z');
    const res = await history(market.slug, '');
    expect(pricesOf(res.json.points).map((p) => p.ts)).toEqual([
      '2026-03-02T10:00:00.000Z',
      '2026-03-02T11:00:00.000Z',
    ]);
    const minutes = await history(market.slug, '?interval=1m');
    // The last 24 hours start at 10:30 the day before: the creation at 10:00 is outside, the move at 11:00 inside.
    expect(pricesOf(minutes.json.points).map((p) => p.ts)).toEqual(['2026-03-02T11:00:00.000Z']);
    const upTo = await history(market.slug, '?interval=1m&to=2026-03-02T10:30:00Z');
    expect(pricesOf(upTo.json.points).map((p) => p.ts)).toEqual(['2026-03-02T10:00:00.000Z']);
  });

  it('is empty for a window without points, and survives resolution', async () => {
    const market = await marketWithMoves([[60, [5, 0]]]);
    clock.set('2026-03-02T11:00:00Z');
    const empty = await history(market.slug, '?interval=1m&from=2026-03-01T00:00:00Z&to=2026-03-01T01:00:00Z');
    expect(empty.json).toEqual({ market_slug: market.slug, points: [] });
    const before = await history(market.slug, '?interval=1m');
    await service.db
      .updateTable('markets')
      .set({ status: 'resolved', resolved_outcome_id: market.outcomes[0].id, resolved_at: clock.now() })
      .where('id', '=', market.id)
      .execute();
    const after = await history(market.slug, '?interval=1m');
    expect(after.json).toEqual(before.json);
    expect(after.json.points).toHaveLength(2);
    const read = (await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`)).json;
    expect(read).toMatchObject({ status: 'resolved', resolved_outcome_id: market.outcomes[0].id });
  });

  it('refuses a bad interval, from at or after to, unparsable times and more than 1,500 buckets', async () => {
    const market = await marketWithMoves([]);
    for (const query of [
      '?interval=5m',
      '?interval=',
      '?from=2026-03-02T10:00:00Z&to=2026-03-02T10:00:00Z',
      '?from=2026-03-02T11:00:00Z&to=2026-03-02T10:00:00Z',
      '?from=yesterday',
      '?to=2026-03-02T10:00:00%2B01:00',
      '?interval=1m&from=2026-03-01T00:00:00Z&to=2026-03-02T01:01:00Z',
      '?interval=1h&from=2026-01-01T00:00:00Z&to=2026-03-05T00:00:00Z',
      '?interval=1d&from=2020-01-01T00:00:00Z&to=2026-03-01T00:00:00Z',
    ]) {
      const res = await history(market.slug, query);
      expect(res.status, query).toBe(400);
      expectEnvelope(res, 'validation_failed');
    }
    const tooMany = await history(market.slug, '?interval=1m&from=2026-03-01T00:00:00Z&to=2026-03-02T01:00:00.001Z');
    expect(tooMany.json.message).toContain('1501 buckets');
    // Exactly 1,500 buckets (25 hours of minutes) is fine.
    expect((await history(market.slug, '?interval=1m&from=2026-03-01T00:00:00Z&to=2026-03-02T01:00:00Z')).status).toBe(
      200,
    );
  });
});

describe('rules and resolution_source (docs/platform-api.md, "Markets")', () => {
  const RULES = 'Resolves Yes if the station records at least 0.2 mm of rain on the day; No otherwise.';
  const patch = (slug: string, body: unknown) => service.platform('PATCH', `/platform/v1/markets/${slug}`, body);
  const platformMarket = async (slug: string) => (await service.platform('GET', `/platform/v1/markets/${slug}`)).json;

  it('are taken at creation, trimmed, and answered by the platform and the feed', async () => {
    const tenant = await createTenant(service);
    const market = await createMarket({ rules: `  ${RULES} `, resolution_source: 'https://weather.example.org/daily' });
    expect(market).toMatchObject({ rules: RULES, resolution_source: 'https://weather.example.org/daily' });
    expect(await platformMarket(market.slug)).toEqual(market);
    await enable(tenant.tenantId, market.slug);
    expect((await feed(tenant.sandboxKey, `/v1/markets/${market.slug}`)).json).toMatchObject({
      rules: RULES,
      resolution_source: 'https://weather.example.org/daily',
    });
    // Text, not a URL, and the longest of each.
    const longest = await createMarket({ rules: 'r'.repeat(2_000), resolution_source: `${'s'.repeat(299)}.` });
    expect(longest.rules).toHaveLength(2_000);
    expect(longest.resolution_source).toHaveLength(300);
    const text = await createMarket({ resolution_source: 'Reuters: final results' });
    expect(text).toMatchObject({ rules: null, resolution_source: 'Reuters: final results' });
    expect((await createMarket({ rules: null, resolution_source: null })).rules).toBeNull();
  });

  it('refuse what is too long, not plain text, a URL that is not https, or not a string, saying why', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['rules of 2,001 characters', { rules: 'r'.repeat(2_001) }, 'at most 2,000 characters'],
      ['empty rules', { rules: '' }, 'must not be empty'],
      ['blank rules', { rules: '   ' }, 'must not be empty'],
      ['rules over two lines', { rules: 'Line one.\nLine two.' }, 'control characters'],
      ['rules with a bidirectional control', { rules: 'Yes \u202Eon' }, 'bidirectional'],
      ['rules as a number', { rules: 12 }, ''],
      ['a source of 301 characters', { resolution_source: 's'.repeat(301) }, 'at most 300 characters'],
      ['an empty source', { resolution_source: '' }, 'must not be empty'],
      ['an http URL', { resolution_source: 'http://weather.example.org' }, 'a URL must start with https://'],
      ['an ftp URL', { resolution_source: 'ftp://weather.example.org' }, 'the ftp scheme'],
      ['a javascript: URL', { resolution_source: 'javascript:alert(1)' }, 'the javascript scheme'],
      ['an https URL with spaces', { resolution_source: 'https://example.org/a b' }, 'has spaces'],
      ['an https URL without a host', { resolution_source: 'https://' }, 'not a URL'],
      ['an https URL with a password', { resolution_source: 'https://u:p@example.org' }, 'password'],
      ['a source as an array', { resolution_source: ['https://example.org'] }, ''],
    ];
    const market = await createMarket({ rules: RULES, resolution_source: 'Official results' });
    const count = async () =>
      (
        await service.db
          .selectFrom('markets')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const markets = await count();
    for (const [name, fields, words] of cases) {
      const created = await service.platform('POST', '/platform/v1/markets', marketBody(fields));
      expectEnvelope(created, 'validation_failed', 400);
      const field = Object.keys(fields)[0]!;
      expect(created.json.details.issues[0], name).toMatchObject({ path: `/${field}` });
      expect(created.json.message, name).toContain(words);
      const patched = await patch(market.slug, fields);
      expectEnvelope(patched, 'validation_failed', 400);
      expect(patched.json.message, name).toContain(words);
    }
    // Nothing was made or changed.
    expect(await count()).toBe(markets);
    expect(await platformMarket(market.slug)).toMatchObject({ rules: RULES, resolution_source: 'Official results' });
    const audit = await service.db
      .selectFrom('audit_log')
      .select('outcome')
      .where('action', '=', 'market.update')
      .where('target', '=', market.slug)
      .execute();
    expect(audit.every((a) => a.outcome !== 'done')).toBe(true);
  });

  it('are changed by PATCH: a field given is set, null clears it, an absent one is left as it is', async () => {
    const market = await createMarket({ sandbox_influence: '0.02' });
    let res = await patch(market.slug, { rules: RULES });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ ...market, rules: RULES, resolution_source: null });
    res = await patch(market.slug, { resolution_source: 'https://results.example.org/2026?x=1#y' });
    expect(res.json).toMatchObject({ rules: RULES, resolution_source: 'https://results.example.org/2026?x=1#y' });
    res = await patch(market.slug, { rules: null, sandbox_influence: '0.03' });
    expect(res.json).toMatchObject({
      rules: null,
      resolution_source: 'https://results.example.org/2026?x=1#y',
      sandbox_influence: '0.03',
    });
    res = await patch(market.slug, {});
    expect(res.json).toMatchObject({ rules: null, resolution_source: 'https://results.example.org/2026?x=1#y' });
    res = await patch(market.slug, { resolution_source: null });
    expect(res.json).toMatchObject({ rules: null, resolution_source: null, sandbox_influence: '0.03' });
    const audit = await service.db
      .selectFrom('audit_log')
      .select(['details', 'outcome'])
      .where('action', '=', 'market.update')
      .where('target', '=', market.slug)
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.details)).toEqual([
      { rules: RULES },
      { resolution_source: 'https://results.example.org/2026?x=1#y' },
      { rules: null, sandbox_influence: '0.03' },
      {},
      { resolution_source: null },
    ]);
  });

  it('refuses an unknown field, changing nothing, and an unknown market is 404', async () => {
    const market = await createMarket({ rules: RULES });
    for (const body of [{ rule: 'x' }, { title: 'New title' }, { rules: 'x', resolution_sources: 'y' }]) {
      expectEnvelope(await patch(market.slug, body), 'validation_failed', 400);
    }
    expectEnvelope(
      await service.platform('POST', '/platform/v1/markets', marketBody({ rule: 'x' })),
      'validation_failed',
      400,
    );
    expect(await platformMarket(market.slug)).toMatchObject({ title: market.title, rules: RULES });
    expectEnvelope(await patch('no-such-market', { rules: RULES }), 'not_found', 404);
  });

  it('may be set on an ended market and on a sandbox test market', async () => {
    const market = await createMarket();
    const resolved = await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
      outcome_id: market.outcomes[0].id,
    });
    expect(resolved.status, resolved.text).toBe(200);
    expect((await patch(market.slug, { rules: RULES })).json).toMatchObject({ status: 'resolved', rules: RULES });
    const tenant = await createTenant(service);
    const test = await service.api('sandbox', 'POST', '/v1/sandbox/markets', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueSlug('test-market'),
      body: { title: 'Test only', outcomes: ['Yes', 'No'] },
    });
    expect(test.status, test.text).toBe(201);
    expect(test.json).toMatchObject({ rules: null, resolution_source: null });
    expect((await patch(test.json.slug, { resolution_source: 'The test itself' })).json.resolution_source).toBe(
      'The test itself',
    );
  });
});

describe('the feed\'s facts: volume, change_24h, resolved_at (docs/operator-api.md, "Market feed")', () => {
  type Env = 'sandbox' | 'live';
  const keyOf = (tenant: TestTenant, env: Env) => (env === 'sandbox' ? tenant.sandboxKey : tenant.liveKey);

  async function funded(tenant: TestTenant, env: Env): Promise<string> {
    const id = uniqueSlug(`facts-${env}`);
    const registered = await service.api(env, 'PUT', `/v1/users/${id}`, {
      key: keyOf(tenant, env),
      body: { status: 'active' },
    });
    expect(registered.status, registered.text).toBeLessThan(300);
    const credited = await service.api(env, 'POST', '/v1/balance-sync', {
      key: keyOf(tenant, env),
      idempotencyKey: uniqueSlug('credit'),
      body: { external_user_id: id, direction: 'credit', amount: '500.00' },
    });
    expect(credited.status, credited.text).toBe(200);
    return id;
  }

  async function open(tenant: TestTenant, env: Env, user: string, market: any, stake: string, outcome = 0) {
    const res = await service.api(env, 'POST', '/v1/positions', {
      key: keyOf(tenant, env),
      idempotencyKey: uniqueSlug('open'),
      body: {
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[outcome].id,
        stake,
        max_price: '1',
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.json;
  }

  const read = async (tenant: TestTenant, env: Env, slug: string) => {
    const one = await feed(keyOf(tenant, env), `/v1/markets/${slug}`, env);
    expect(one.status, one.text).toBe(200);
    const listed = (await feed(keyOf(tenant, env), '/v1/markets', env)).json.data.find((m: any) => m.slug === slug);
    // The list and the single read agree.
    expect(listed).toEqual(one.json);
    return one.json;
  };

  it('counts in volume only the stake the reading tenant environment opened: opens and fills, closes give nothing back', async () => {
    clock.set('2026-04-01T12:00:00Z');
    const mine = await createTenant(service);
    const theirs = await createTenant(service);
    const market = await createMarket({ sandbox_influence: null });
    await enable(mine.tenantId, market.slug);
    await enable(theirs.tenantId, market.slug);
    expect((await read(mine, 'sandbox', market.slug)).volume).toBe('0.00');

    const sandboxUser = await funded(mine, 'sandbox');
    const liveUser = await funded(mine, 'live');
    const otherUser = await funded(theirs, 'sandbox');
    const otherLive = await funded(theirs, 'live');
    const closing = await open(mine, 'sandbox', sandboxUser, market, '12.34');
    await open(mine, 'sandbox', sandboxUser, market, '0.66', 1);
    await open(mine, 'live', liveUser, market, '40.00');
    await open(theirs, 'sandbox', otherUser, market, '77.00');
    await open(theirs, 'live', otherLive, market, '55.50');
    // A limit order that fills at once opens a position, and counts.
    const order = await service.api('sandbox', 'POST', '/v1/orders', {
      key: mine.sandboxKey,
      idempotencyKey: uniqueSlug('order'),
      body: {
        external_user_id: sandboxUser,
        market_slug: market.slug,
        outcome_id: market.outcomes[1].id,
        stake: '7.00',
        limit_price: '0.99',
      },
    });
    expect(order.json.status, order.text).toBe('filled');
    const closed = await service.api('sandbox', 'POST', `/v1/positions/${closing.id}/close`, {
      key: mine.sandboxKey,
      idempotencyKey: uniqueSlug('close'),
      body: { min_price: '0' },
    });
    expect(closed.status, closed.text).toBe(200);

    expect((await read(mine, 'sandbox', market.slug)).volume).toBe('20.00');
    expect((await read(mine, 'live', market.slug)).volume).toBe('40.00');
    expect((await read(theirs, 'sandbox', market.slug)).volume).toBe('77.00');
    expect((await read(theirs, 'live', market.slug)).volume).toBe('55.50');
    // A widget session reads its own tenant environment's figure too.
    const { token } = await signSessionToken(
      WIDGET_SECRET,
      {
        tenantId: mine.tenantId,
        environment: 'live',
        externalUserId: liveUser,
        capAt: new Date(clock.now().getTime() + 3_600_000),
      },
      clock.now(),
    );
    expect((await feed(token, `/v1/markets/${market.slug}`, 'live')).json.volume).toBe('40.00');
    // Settling leaves the stake counted.
    const resolved = await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
      outcome_id: market.outcomes[0].id,
    });
    expect(resolved.status, resolved.text).toBe(200);
    expect((await read(mine, 'sandbox', market.slug)).volume).toBe('20.00');
  });

  it('gives change_24h against the price at open for a young market, and against the price a day ago after that', async () => {
    const tenant = await createTenant(service);
    clock.set('2026-03-10T00:00:00Z');
    const market = await createMarket();
    await enable(tenant.tenantId, market.slug);
    const changes = async () =>
      (await read(tenant, 'sandbox', market.slug)).outcomes.map((o: any) => [o.price, o.change_24h]);
    expect(await changes()).toEqual([
      ['0.500000', '0.000000'],
      ['0.500000', '0.000000'],
    ]);
    clock.set('2026-03-10T01:00:00Z');
    await movePrices(market.id, [50, 0]);
    clock.set('2026-03-10T02:00:00Z');
    // Two hours old: measured from its price at open.
    expect(await changes()).toEqual([
      ['0.622459', '0.122459'],
      ['0.377541', '-0.122459'],
    ]);
    clock.set('2026-03-11T00:30:00Z');
    await movePrices(market.id, [0, 50]);
    // 24 hours before 00:59 is 00:59 the day before: the price then was still the one at open.
    clock.set('2026-03-11T00:59:00Z');
    expect(await changes()).toEqual([
      ['0.377541', '-0.122459'],
      ['0.622459', '0.122459'],
    ]);
    // 24 hours before 03:00 is 03:00 the day before: the price the move at 01:00 left.
    clock.set('2026-03-11T03:00:00Z');
    expect(await changes()).toEqual([
      ['0.377541', '-0.244918'],
      ['0.622459', '0.244918'],
    ]);
    // A point exactly 24 hours old is the price a day ago.
    clock.set('2026-03-12T00:30:00Z');
    expect(await changes()).toEqual([
      ['0.377541', '0.000000'],
      ['0.622459', '0.000000'],
    ]);
  });

  it('sets resolved_at on resolve and void, moves it with a correction, and leaves it null while live', async () => {
    const tenant = await createTenant(service);
    clock.set('2026-04-02T09:00:00Z');
    const market = await createMarket();
    const voided = await createMarket();
    for (const m of [market, voided]) await enable(tenant.tenantId, m.slug);
    await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`);
    expect((await read(tenant, 'live', market.slug)).resolved_at).toBeNull();

    clock.set('2026-04-02T10:15:30.250Z');
    const resolve = await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
      outcome_id: market.outcomes[1].id,
    });
    expect(resolve.status, resolve.text).toBe(200);
    const void_ = await service.platform('POST', `/platform/v1/markets/${voided.slug}/void`);
    expect(void_.status, void_.text).toBe(200);
    expect(await read(tenant, 'live', market.slug)).toMatchObject({
      status: 'resolved',
      resolved_outcome_id: market.outcomes[1].id,
      resolved_at: '2026-04-02T10:15:30.250Z',
    });
    expect(await read(tenant, 'sandbox', voided.slug)).toMatchObject({
      status: 'voided',
      resolved_outcome_id: null,
      resolved_at: '2026-04-02T10:15:30.250Z',
    });

    clock.set('2026-04-03T08:00:00Z');
    const corrected = await service.platform('POST', `/platform/v1/markets/${market.slug}/corrections`, {
      status: 'resolved',
      outcome_id: market.outcomes[0].id,
    });
    expect(corrected.status, corrected.text).toBe(200);
    expect(await read(tenant, 'sandbox', market.slug)).toMatchObject({
      resolved_outcome_id: market.outcomes[0].id,
      resolved_at: '2026-04-03T08:00:00.000Z',
    });
  });

  it('reads a page in three statements, whatever its size (no query per market)', async () => {
    const tenant = await createTenant(service);
    const user = await funded(tenant, 'sandbox');
    for (let i = 0; i < 12; i++) {
      const market = await createMarket({ slug: uniqueSlug('n-plus-one'), sandbox_influence: null });
      await enable(tenant.tenantId, market.slug);
      if (i % 3 === 0) await open(tenant, 'sandbox', user, market, '1.00');
    }
    const statements: string[] = [];
    const pool = createPool(inject('databaseUrl'), 2);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => void statements.push(event.query.sql),
    });
    const scope = { tenantId: tenant.tenantId, environment: 'sandbox' } as const;
    const ctx = { ...tenantContextOf(service.deps, scope, { kind: 'operator', keyId: 'test' }), db };
    try {
      for (const limit of [1, 12]) {
        statements.length = 0;
        const page = await listFeedMarkets(ctx, { limit });
        expect(page.ok && page.value.items.length).toBe(limit);
        expect(statements, `a page of ${limit}`).toHaveLength(3);
      }
      const page = await listFeedMarkets(ctx, { limit: 12 });
      expect(page.ok && page.value.items.filter((v) => v.facts.volumeMinor === 100n)).toHaveLength(4);
    } finally {
      await db.destroy();
    }
  });
});
