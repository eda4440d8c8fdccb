import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import {
  createTenant,
  expectEnvelope,
  startTestService,
  WIDGET_SECRET,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { FakeClock } from '../src/lib/clock.js';
import { signSessionToken } from '../src/http/session-token.js';
import { listFeedMarkets } from '../src/domains/market-feed/index.js';
import { tenantContextOf } from '../src/domains/context.js';
import { createPool } from '../src/db/connection.js';
import type { Database } from '../src/db/schema.js';
import { marketHelpers } from './market-helpers.js';

/**
 * A market's facts (docs/platform-api.md, "Markets"; docs/operator-api.md, "Market feed"): the rules and
 * resolution source the platform gives, and the feed's volume, 24-hour change and resolution time.
 */
const clock = new FakeClock('2026-03-01T12:00:00.000Z');
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());

const { uniqueSlug, marketBody, createMarket, enable, feed, movePrices } = marketHelpers(() => service, clock);

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
    // Each entry names what the PATCH set, and the market's status after it (the audit log's result facts).
    expect(audit.map((a) => a.details)).toEqual([
      { rules: RULES, status: 'open' },
      { resolution_source: 'https://results.example.org/2026?x=1#y', status: 'open' },
      { rules: null, sandbox_influence: '0.03', status: 'open' },
      { status: 'open' },
      { resolution_source: null, status: 'open' },
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
