import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
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
import { findMarketsByIds } from '../src/domains/markets/market-repo.js';
import { lockMarketForTrade } from '../src/domains/trading/market-lock.js';
import { initialQ } from '../src/domains/markets/model/lmsr.js';
import { marketHelpers } from './market-helpers.js';

const START = '2026-03-01T12:00:00.000Z';
const clock = new FakeClock(START);
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());

const { uniqueSlug, marketBody, createMarket, enable, feed, movePrices } = marketHelpers(() => service, clock);

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
