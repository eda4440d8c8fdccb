import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FakeClock } from '../src/lib/clock.js';
import { settledWinPayout } from '../src/domains/markets/model/quotes.js';
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
import { createMarket as createSharedMarket, fundedUser, sessionFor, type TestMarket } from './trading-helpers.js';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
/** The tenant that owns the test markets. */
let owner: TestTenant;
/** Another tenant: it never sees, trades or settles the owner's test markets. */
let other: TestTenant;

const create = (body: unknown, key = owner.sandboxKey, idempotencyKey = uniqueKey('create')) =>
  service.api('sandbox', 'POST', '/v1/sandbox/markets', { key, body, idempotencyKey });

async function testMarket(outcomes = ['Yes', 'No'], title = 'Will it rain?'): Promise<TestMarket> {
  const res = await create({ title, outcomes });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const settle = (
  market: { slug: string },
  action: 'resolve' | 'void' | 'corrections',
  body?: unknown,
  key = owner.sandboxKey,
  idempotencyKey = uniqueKey('settle'),
) => service.api('sandbox', 'POST', `/v1/sandbox/markets/${market.slug}/${action}`, { key, body, idempotencyKey });

async function open(key: string, market: TestMarket, user: string | null, outcome: number, stake: string) {
  const body = { market_slug: market.slug, outcome_id: market.outcomes[outcome]!.id, stake, max_price: '1' };
  const res = await service.api('sandbox', 'POST', '/v1/positions', {
    key,
    body: user === null ? body : { ...body, external_user_id: user },
    idempotencyKey: uniqueKey('open'),
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const balance = async (user: string) =>
  (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: owner.sandboxKey })).json.balance as string;
const cents = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
const minor = (amount: string) => BigInt(Math.round(Number(amount) * 100));
const winPayout = (p: { stake: string; price: string }) =>
  settledWinPayout(minor(p.stake), BigInt(Math.round(Number(p.price) * 1e6)));

/** Events of a market and its positions, in the order they were written, with their tenant environment. */
async function eventsOf(slug: string) {
  const { rows } = await sql<{ tenant_id: string; environment: string; type: string; data: any }>`
    select tenant_id, environment, type, data from events where data->>'market_slug' = ${slug} order by seq`.execute(
    service.db,
  );
  return rows;
}

const slugsOf = async (environment: 'sandbox' | 'live', key: string) =>
  ((await service.api(environment, 'GET', '/v1/markets?limit=500', { key })).json.data as { slug: string }[]).map(
    (m) => m.slug,
  );

beforeAll(async () => {
  service = await startTestService({ clock });
  owner = await createTenant(service);
  other = await createTenant(service);
});
afterAll(() => service.stop());

describe('POST /v1/sandbox/markets', () => {
  it('creates an open market like the platform answers one, enabled for the owner in the sandbox', async () => {
    const res = await create({ title: 'Rain in Zürich?', outcomes: ['Yes', 'No', 'Maybe'], liquidity: '250.5' });
    expect(res.status, res.text).toBe(201);
    const market = res.json;
    expect(Object.keys(market).sort()).toEqual(
      [
        'id',
        'slug',
        'title',
        'status',
        'opens_at',
        'closes_at',
        'max_stake_per_position',
        'max_open_stake_per_user',
        'liquidity',
        'resolved_outcome_id',
        'outcomes',
        'sandbox_influence',
        'sandbox_spread',
        'rules',
        'resolution_source',
        'created_at',
      ].sort(),
    );
    expect(market).toMatchObject({
      title: 'Rain in Zürich?',
      status: 'open',
      opens_at: '2026-06-01T12:00:00.000Z',
      closes_at: '2026-08-30T12:00:00.000Z',
      max_stake_per_position: '1000.00',
      max_open_stake_per_user: '10000.00',
      liquidity: '250.5',
      resolved_outcome_id: null,
      // Not a shared market: only its owner's sandbox trades it, so it has no sandbox bound.
      sandbox_influence: null,
      rules: null,
      resolution_source: null,
    });
    expect(market.slug).toMatch(/^sandbox-rain-in-zurich-[0-9a-f]{10}$/);
    expect(market.outcomes.map((o: { title: string }) => o.title)).toEqual(['Yes', 'No', 'Maybe']);
    expect(market.outcomes.map((o: { price: string }) => o.price)).toEqual(['0.333333', '0.333333', '0.333333']);

    const read = await service.api('sandbox', 'GET', `/v1/markets/${market.slug}`, { key: owner.sandboxKey });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ slug: market.slug, status: 'open', outcomes: market.outcomes });
    const snapshot = await service.api('sandbox', 'GET', `/v1/markets/${market.slug}/snapshot`, {
      key: owner.sandboxKey,
    });
    expect(snapshot.status).toBe(200);
    const history = await service.api('sandbox', 'GET', `/v1/markets/${market.slug}/history`, {
      key: owner.sandboxKey,
    });
    expect(history.status).toBe(200);
    expect(await slugsOf('sandbox', owner.sandboxKey)).toContain(market.slug);
  });

  it('takes the default depth 100 and two to ten outcomes', async () => {
    expect((await testMarket(['A', 'B'])) as unknown).toMatchObject({ liquidity: '100' });
    const ten = await testMarket(Array.from({ length: 10 }, (_, i) => `Outcome ${i}`));
    expect(ten.outcomes).toHaveLength(10);
  });

  it('replays an answer byte for byte for its key and refuses the key with another body (422)', async () => {
    const key = uniqueKey('replay');
    const body = { title: 'Replayed', outcomes: ['Yes', 'No'] };
    const first = await create(body, owner.sandboxKey, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    clock.advance(1000);
    const again = await create(body, owner.sandboxKey, key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectEnvelope(await create({ ...body, title: 'Another' }, owner.sandboxKey, key), 'idempotency_key_reused', 422);
    const { rows } = await sql<{ n: string }>`select count(*) as n from markets where title = 'Replayed'`.execute(
      service.db,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('refuses bad bodies with 400 validation_failed and creates nothing', async () => {
    const before = await slugsOf('sandbox', owner.sandboxKey);
    for (const body of [
      {},
      { title: 'x' },
      { title: 'x', outcomes: ['Only'] },
      { title: 'x', outcomes: Array.from({ length: 11 }, (_, i) => `O${i}`) },
      { title: 'x', outcomes: ['Same', 'Same'] },
      { title: 'x', outcomes: [{ title: 'Yes' }, { title: 'No' }] },
      { title: 'x', outcomes: ['Yes', ''] },
      { title: '', outcomes: ['Yes', 'No'] },
      { title: 'x', outcomes: ['Yes', 'No'], liquidity: '0' },
      { title: 'x', outcomes: ['Yes', 'No'], liquidity: '-5' },
      { title: 'x', outcomes: ['Yes', 'No'], liquidity: 100 },
      { title: 'x', outcomes: ['Yes', 'No'], slug: 'mine' },
      { title: 'a\u0000b', outcomes: ['Yes', 'No'] },
      { title: 'a\u202Eb', outcomes: ['Yes', 'No'] },
      [],
      'text',
    ]) {
      expectEnvelope(await create(body), 'validation_failed', 400);
    }
    expect(await slugsOf('sandbox', owner.sandboxKey)).toEqual(before);
  });

  it('needs an Idempotency-Key and the write:positions scope', async () => {
    const body = { title: 'x', outcomes: ['Yes', 'No'] };
    const res = await service.api('sandbox', 'POST', '/v1/sandbox/markets', { key: owner.sandboxKey, body });
    expectEnvelope(res, 'idempotency_key_required', 400);
    const readOnly = await createTenant(service, ['read:markets', 'write:sync']);
    expectEnvelope(await create(body, readOnly.sandboxKey), 'insufficient_scope', 403);
    expectEnvelope(await create(body, 'pmk_sandbox_nonsense'), 'invalid_api_key', 401);
  });

  it('is 404 not_found on the live listener, with a live key', async () => {
    const body = { title: 'x', outcomes: ['Yes', 'No'] };
    const opts = { key: owner.liveKey, body, idempotencyKey: uniqueKey('live') };
    expectEnvelope(await service.api('live', 'POST', '/v1/sandbox/markets', opts), 'not_found', 404);
    expectEnvelope(await service.api('live', 'GET', '/v1/sandbox/markets', { key: owner.liveKey }), 'not_found', 404);
    const market = await testMarket();
    for (const action of ['resolve', 'void', 'corrections']) {
      const res = await service.api('live', 'POST', `/v1/sandbox/markets/${market.slug}/${action}`, {
        ...opts,
        body: { outcome_id: market.outcomes[0]!.id, status: 'voided' },
      });
      expectEnvelope(res, 'not_found', 404);
    }
    const liveDocument = (await service.api('live', 'GET', '/v1/openapi.json')).json;
    expect(Object.keys(liveDocument.paths).filter((p) => p.startsWith('/v1/sandbox'))).toEqual([]);
    const sandboxSpec = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    expect(
      Object.keys(sandboxSpec.paths)
        .filter((p) => p.startsWith('/v1/sandbox'))
        .sort(),
    ).toEqual([
      '/v1/sandbox/markets',
      '/v1/sandbox/markets/{slug}/corrections',
      '/v1/sandbox/markets/{slug}/resolve',
      '/v1/sandbox/markets/{slug}/void',
    ]);
  });

  it('allows 50 test markets per tenant: the 51st is 409 state_conflict; the list pages through them', async () => {
    const tenant = await createTenant(service);
    const answers = [];
    for (let i = 0; i < 50; i++)
      answers.push(await create({ title: `M ${i}`, outcomes: ['Y', 'N'] }, tenant.sandboxKey));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const refused = await create({ title: 'One more', outcomes: ['Y', 'N'] }, tenant.sandboxKey);
    expectEnvelope(refused, 'state_conflict', 409);
    // The refusal spent no key and created nothing; other tenants are not limited by this one's count.
    expect((await create({ title: 'Other tenant', outcomes: ['Y', 'N'] }, other.sandboxKey)).status).toBe(201);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=20' : `?limit=20&cursor=${cursor}`;
      const page = await service.api('sandbox', 'GET', `/v1/sandbox/markets${query}`, { key: tenant.sandboxKey });
      expect(page.status, page.text).toBe(200);
      seen.push(...page.json.data.map((m: { slug: string }) => m.slug));
      cursor = page.json.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(answers.map((a) => a.json.slug as string).sort());
    const bad = await service.api('sandbox', 'GET', '/v1/sandbox/markets?cursor=nonsense', { key: tenant.sandboxKey });
    expectEnvelope(bad, 'validation_failed', 400);
  });
});

it('pages past a market whose title makes the longest slug, in both market lists', async () => {
  const tenant = await createTenant(service);
  const title = 'Who wins the 2026 World Cup final in New York City?';
  for (let i = 0; i < 2; i++)
    expect((await create({ title, outcomes: ['Y', 'N'] }, tenant.sandboxKey)).status).toBe(201);
  for (const path of ['/v1/sandbox/markets', '/v1/markets']) {
    const first = await service.api('sandbox', 'GET', `${path}?limit=1`, { key: tenant.sandboxKey });
    expect(first.json.data[0].slug.length, first.text).toBeGreaterThan(46);
    const next = await service.api('sandbox', 'GET', `${path}?limit=1&cursor=${first.json.next_cursor}`, {
      key: tenant.sandboxKey,
    });
    expect(next.status, `${path}: ${next.text}`).toBe(200);
    expect(next.json.data[0].slug).not.toBe(first.json.data[0].slug);
  }
});

describe('the cap under concurrency', () => {
  it('keeps to 50 when 56 creations arrive at once', async () => {
    const tenant = await createTenant(service);
    const answers = await Promise.all(
      Array.from({ length: 56 }, (_, i) => create({ title: `Race ${i}`, outcomes: ['Y', 'N'] }, tenant.sandboxKey)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    for (const refused of answers.filter((a) => a.status === 409)) expectEnvelope(refused, 'state_conflict');
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from markets where owner_tenant_id = ${tenant.tenantId}`.execute(service.db);
    expect(Number(rows[0]!.n)).toBe(50);
  });
});

describe('isolation', () => {
  it("is absent from other tenants, from live, and from another tenant's widget", async () => {
    const market = await testMarket();
    expect(await slugsOf('sandbox', owner.sandboxKey)).toContain(market.slug);
    expect(await slugsOf('live', owner.liveKey)).not.toContain(market.slug);
    expect(await slugsOf('sandbox', other.sandboxKey)).not.toContain(market.slug);
    expect(await slugsOf('live', other.liveKey)).not.toContain(market.slug);
    for (const [environment, key] of [
      ['live', owner.liveKey],
      ['sandbox', other.sandboxKey],
      ['live', other.liveKey],
    ] as const) {
      for (const path of ['', '/snapshot', '/history']) {
        expectEnvelope(
          await service.api(environment, 'GET', `/v1/markets/${market.slug}${path}`, { key }),
          'not_found',
        );
      }
    }
    const ours = await sessionFor(service, owner.sandboxKey, await fundedUser(service, owner.sandboxKey, 'w'));
    const theirs = await sessionFor(service, other.sandboxKey, await fundedUser(service, other.sandboxKey, 'w'));
    expect(await slugsOf('sandbox', ours)).toContain(market.slug);
    expect(await slugsOf('sandbox', theirs)).not.toContain(market.slug);
    expectEnvelope(
      await service.api('sandbox', 'GET', `/v1/markets/${market.slug}`, { key: theirs }),
      'not_found',
      404,
    );
    const save = await service.api('sandbox', 'PUT', `/v1/widget/saved-markets/${market.slug}`, { key: theirs });
    expectEnvelope(save, 'not_found', 404);
    const stream = await service.api('sandbox', 'GET', `/v1/widget/stream?markets=${market.slug}`, { key: theirs });
    expectEnvelope(stream, 'not_found', 404);
    // The sandbox test list is per tenant.
    const list = await service.api('sandbox', 'GET', '/v1/sandbox/markets?limit=500', { key: other.sandboxKey });
    expect(list.json.data.map((m: { slug: string }) => m.slug)).not.toContain(market.slug);
  });

  it("can be traded neither by another tenant nor in the owner's live", async () => {
    const market = await testMarket();
    const theirs = await fundedUser(service, other.sandboxKey, 'other');
    const res = await service.api('sandbox', 'POST', '/v1/positions', {
      key: other.sandboxKey,
      body: {
        external_user_id: theirs,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '1.00',
        max_price: '1',
      },
      idempotencyKey: uniqueKey('open'),
    });
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    // Nor by the owner's own live users: in live the market does not exist.
    const live = `live-${Math.floor(Math.random() * 1e9)}`;
    await registerUser(service, owner.liveKey, live, 'live');
    const credit = { external_user_id: live, direction: 'credit', amount: '100.00' };
    expect((await sync(service, owner.liveKey, credit, uniqueKey('live-sync'), 'live')).status).toBe(200);
    for (const [path, extra] of [
      ['/v1/positions', { max_price: '1' }],
      ['/v1/orders', { limit_price: '0.5' }],
    ] as const) {
      const refused = await service.api('live', 'POST', path, {
        key: owner.liveKey,
        body: {
          external_user_id: live,
          market_slug: market.slug,
          outcome_id: market.outcomes[0]!.id,
          stake: '1.00',
          ...extra,
        },
        idempotencyKey: uniqueKey('live-open'),
      });
      expect(refused.status, refused.text).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
    const livePositions = await service.api('live', 'GET', `/v1/positions?external_user_id=${live}`, {
      key: owner.liveKey,
    });
    expect(livePositions.json.data).toEqual([]);
    const quote = await service.api('sandbox', 'POST', '/v1/positions/quote', {
      key: other.sandboxKey,
      body: { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '1.00' },
    });
    expect(quote.status).toBeGreaterThanOrEqual(400);
    expect(quote.status).toBeLessThan(500);
  });

  it('cannot be enabled for another tenant by the platform, nor by the database', async () => {
    const market = await testMarket();
    const put = await service.platform('PUT', `/platform/v1/tenants/${other.tenantId}/markets/${market.slug}`);
    expectEnvelope(put, 'not_found', 404);
    const del = await service.platform('DELETE', `/platform/v1/tenants/${owner.tenantId}/markets/${market.slug}`);
    expectEnvelope(del, 'not_found', 404);
    await expect(
      sql`insert into tenant_markets (tenant_id, market_id, enabled_at) values (${other.tenantId}, ${market.id}, now())`.execute(
        service.db,
      ),
    ).rejects.toThrow(/test market/);
    expect(await slugsOf('sandbox', other.sandboxKey)).not.toContain(market.slug);
    expect(await slugsOf('sandbox', owner.sandboxKey)).toContain(market.slug);
  });

  it("answers 404 for another tenant's test market, a shared market and no market; changes nothing", async () => {
    const market = await testMarket();
    const shared = await createSharedMarket(service, owner);
    const resolveBody = (m: { outcomes: { id: string }[] }) => ({ outcome_id: m.outcomes[0]!.id });
    expectEnvelope(await settle(market, 'resolve', resolveBody(market), other.sandboxKey), 'not_found', 404);
    expectEnvelope(await settle(market, 'void', undefined, other.sandboxKey), 'not_found', 404);
    expectEnvelope(await settle(market, 'corrections', { status: 'voided' }, other.sandboxKey), 'not_found', 404);
    expectEnvelope(await settle(shared, 'resolve', resolveBody(shared)), 'not_found', 404);
    expectEnvelope(await settle(shared, 'void'), 'not_found', 404);
    expectEnvelope(await settle({ slug: 'no-such-market' }, 'void'), 'not_found', 404);
    expectEnvelope(await settle({ slug: 'NOT A SLUG' }, 'void'), 'not_found', 404);
    const read = async (slug: string) =>
      (await service.api('sandbox', 'GET', `/v1/markets/${slug}`, { key: owner.sandboxKey })).json.status;
    expect(await read(market.slug)).toBe('open');
    expect(await read(shared.slug)).toBe('open');
  });

  it('voids with no body or {}, and refuses a body with fields, changing nothing', async () => {
    const market = await testMarket();
    const refused = await settle(market, 'void', { outcome_id: market.outcomes[0]!.id });
    expectEnvelope(refused, 'validation_failed', 400);
    expect(refused.json.message).toMatch(/outcome_id/);
    const read = async () =>
      (await service.api('sandbox', 'GET', `/v1/markets/${market.slug}`, { key: owner.sandboxKey })).json.status;
    expect(await read()).toBe('open');
    expect((await settle(market, 'void', {})).status).toBe(200);
    expect(await read()).toBe('voided');
  });

  it("never moves a shared market's price", async () => {
    const shared = await createSharedMarket(service, owner);
    const market = await testMarket();
    const snapshot = async (slug: string) =>
      (await service.api('sandbox', 'GET', `/v1/markets/${slug}/snapshot`, { key: owner.sandboxKey })).json.outcomes;
    const before = await snapshot(shared.slug);
    const user = await fundedUser(service, owner.sandboxKey, 'mover');
    await open(owner.sandboxKey, market, user, 0, '200.00');
    expect(await snapshot(shared.slug)).toEqual(before);
    expect((await snapshot(market.slug))[0].price).not.toBe(market.outcomes[0]!.price);
  });
});

describe('settling a test market', () => {
  it('resolves: winners are paid, losers settle, the events reach the owner sandbox only; then a correction', async () => {
    const market = await testMarket(['Yes', 'No']);
    const winner = await fundedUser(service, owner.sandboxKey, 'winner');
    const loser = await fundedUser(service, owner.sandboxKey, 'loser');
    const won = await open(owner.sandboxKey, market, winner, 0, '40.00');
    const token = await sessionFor(service, owner.sandboxKey, loser);
    const lost = await open(token, market, null, 1, '25.00');

    const key = uniqueKey('resolve');
    const res = await settle(market, 'resolve', { outcome_id: market.outcomes[0]!.id }, owner.sandboxKey, key);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      slug: market.slug,
      status: 'resolved',
      resolved_outcome_id: market.outcomes[0]!.id,
    });
    const replay = await settle(market, 'resolve', { outcome_id: market.outcomes[0]!.id }, owner.sandboxKey, key);
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(res.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const reused = await settle(market, 'resolve', { outcome_id: market.outcomes[1]!.id }, owner.sandboxKey, key);
    expectEnvelope(reused, 'idempotency_key_reused', 422);

    const payout = winPayout(won);
    expect(await balance(winner)).toBe(cents(100000n - 4000n + payout));
    expect(await balance(loser)).toBe('975.00');
    const positions = await service.api('sandbox', 'GET', `/v1/positions?market_slug=${market.slug}`, {
      key: owner.sandboxKey,
    });
    const byId = new Map(positions.json.data.map((p: { id: string }) => [p.id, p]));
    expect(byId.get(won.id)).toMatchObject({ state: 'settled_win', payout: cents(payout) });
    expect(byId.get(lost.id)).toMatchObject({ state: 'settled_loss', payout: '0' });
    await expectLedgerInvariant(service.db, owner.tenantId);

    let events = await eventsOf(market.slug);
    expect(events.every((e) => e.tenant_id === owner.tenantId && e.environment === 'sandbox')).toBe(true);
    expect(events.filter((e) => e.type !== 'position.opened').map((e) => e.type)).toEqual([
      'position.settled',
      'position.settled',
      'market.resolved',
    ]);

    // Resolving again is refused; the correction moves the payout to the other side.
    expectEnvelope(await settle(market, 'resolve', { outcome_id: market.outcomes[1]!.id }), 'state_conflict', 409);
    expectEnvelope(
      await settle(market, 'corrections', { status: 'resolved', outcome_id: market.outcomes[0]!.id }),
      'state_conflict',
      409,
    );
    expectEnvelope(await settle(market, 'corrections', { status: 'open' }), 'validation_failed', 400);
    const corrected = await settle(market, 'corrections', { status: 'resolved', outcome_id: market.outcomes[1]!.id });
    expect(corrected.status, corrected.text).toBe(200);
    expect(corrected.json).toMatchObject({ status: 'resolved', resolved_outcome_id: market.outcomes[1]!.id });
    expect(await balance(winner)).toBe(cents(100000n - 4000n));
    expect(await balance(loser)).toBe(cents(100000n - 2500n + winPayout(lost)));
    await expectLedgerInvariant(service.db, owner.tenantId);
    events = await eventsOf(market.slug);
    expect(events.every((e) => e.tenant_id === owner.tenantId && e.environment === 'sandbox')).toBe(true);
    expect(events.slice(-3).map((e) => e.type)).toEqual([
      'position.settlement_corrected',
      'position.settlement_corrected',
      'market.resolution_corrected',
    ]);
    // The market stays readable resolved, and takes no more trades.
    const late = await service.api('sandbox', 'POST', '/v1/positions', {
      key: owner.sandboxKey,
      body: {
        external_user_id: winner,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '1.00',
        max_price: '1',
      },
      idempotencyKey: uniqueKey('late'),
    });
    expect(late.status, late.text).toBe(400);
    expect(late.json.error).toBe('validation_failed');
  });

  it('voids: open positions are refunded, then a void correction resolves it', async () => {
    const market = await testMarket(['A', 'B', 'C']);
    const user = await fundedUser(service, owner.sandboxKey, 'voided');
    const first = await open(owner.sandboxKey, market, user, 0, '30.00');
    await open(owner.sandboxKey, market, user, 2, '20.00');
    expect(await balance(user)).toBe('950.00');
    const res = await settle(market, 'void');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'voided', resolved_outcome_id: null });
    expect(await balance(user)).toBe('1000.00');
    await expectLedgerInvariant(service.db, owner.tenantId);
    expectEnvelope(await settle(market, 'void'), 'state_conflict', 409);
    expectEnvelope(await settle(market, 'resolve', { outcome_id: 'not-a-uuid' }), 'validation_failed', 400);
    expectEnvelope(
      await settle(market, 'corrections', { status: 'resolved', outcome_id: '00000000-0000-4000-8000-000000000000' }),
      'validation_failed',
      400,
    );
    const corrected = await settle(market, 'corrections', { status: 'resolved', outcome_id: market.outcomes[0]!.id });
    expect(corrected.status, corrected.text).toBe(200);
    expect(await balance(user)).toBe(cents(100000n - 5000n + winPayout(first)));
    await expectLedgerInvariant(service.db, owner.tenantId);
    const events = await eventsOf(market.slug);
    expect(events.every((e) => e.tenant_id === owner.tenantId && e.environment === 'sandbox')).toBe(true);
    expect(events.filter((e) => e.type.startsWith('market.')).map((e) => e.type)).toEqual([
      'market.voided',
      'market.void_corrected',
    ]);
  });

  it('sends the settlement webhooks to the owner sandbox webhook_url only', async () => {
    for (const [tenant, environment] of [
      [owner, 'sandbox'],
      [owner, 'live'],
      [other, 'sandbox'],
      [other, 'live'],
    ] as const) {
      const url = `https://hooks.example.com/${environment}`;
      const put = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/environments/${environment}`, {
        webhook_url: url,
      });
      expect(put.status, put.text).toBe(200);
    }
    const market = await testMarket();
    const user = await fundedUser(service, owner.sandboxKey, 'hooked');
    await open(owner.sandboxKey, market, user, 0, '10.00');
    expect((await settle(market, 'resolve', { outcome_id: market.outcomes[0]!.id })).status).toBe(200);
    const { rows } = await sql<{ tenant_id: string; environment: string; type: string }>`
      select d.tenant_id, d.environment, e.type from webhook_deliveries d join events e on e.id = d.event_id
      where e.data->>'market_slug' = ${market.slug} order by d.event_seq`.execute(service.db);
    expect(rows.map((r) => r.type)).toEqual(['position.settled', 'market.resolved']);
    for (const row of rows) expect([row.tenant_id, row.environment]).toEqual([owner.tenantId, 'sandbox']);
  });

  it('leaves the key unspent when refused', async () => {
    const market = await testMarket();
    const key = uniqueKey('refused');
    expectEnvelope(await settle(market, 'corrections', { status: 'voided' }, owner.sandboxKey, key), 'state_conflict');
    const res = await settle(market, 'void', undefined, owner.sandboxKey, key);
    expect(res.status, res.text).toBe(200);
  });
});
