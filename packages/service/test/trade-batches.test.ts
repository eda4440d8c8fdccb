import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, quoteOpen } from '../src/domains/markets/model/quotes.js';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  registerUser,
  startTestService,
  uniqueKey,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, type TestMarket } from './trading-helpers.js';

/**
 * Trades on one market share rounds of the write engine. The market's row is held from outside while the
 * requests arrive, so the first waits in its batch for the lock and the rest queue for the next batch:
 * what these tests check then happens inside one batch, for certain.
 */
let service: TestService;
let tenant: TestTenant;
const clock = new FakeClock(new Date('2026-06-01T12:00:00Z'));

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(async () => service?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `send` while the market's row is locked by another transaction, then lets the batches go. */
async function withMarketHeld<T>(slug: string, send: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = service.db.transaction().execute(async (tx) => {
    await sql`select 1 from markets where slug = ${slug} for update`.execute(tx);
    locked();
    await released;
  });
  await isLocked;
  const answers = send();
  await sleep(400); // every request reaches its market's queue meanwhile
  release();
  await holder;
  return answers;
}

const open = (market: TestMarket, user: string, stake: string, index = 0, extra: Record<string, string> = {}) => ({
  key: uniqueKey('batch-open'),
  body: {
    external_user_id: user,
    market_slug: market.slug,
    outcome_id: market.outcomes[index]!.id,
    stake,
    max_price: '1',
    ...extra,
  },
});
type Open = ReturnType<typeof open>;

const send = (o: Open): Promise<Response> =>
  service.api('sandbox', 'POST', '/v1/positions', { key: tenant.sandboxKey, idempotencyKey: o.key, body: o.body });

async function marketState(slug: string): Promise<{ q: number[]; b: number }> {
  const { rows } = await sql<{ q: number[]; liquidity: string }>`
    select q, liquidity from markets where slug = ${slug}`.execute(service.db);
  return { q: rows[0]!.q, b: Number(rows[0]!.liquidity) };
}

async function positionsOf(slug: string) {
  const { rows } = await sql<{
    id: string;
    outcome_id: string;
    stake_minor: bigint;
    shares_units: bigint;
    price_micro: bigint;
    opened_at: Date;
  }>`
    select p.id, p.outcome_id, p.stake_minor, p.shares_units, p.price_micro, p.opened_at
    from positions p join markets m on m.id = p.market_id where m.slug = ${slug} order by p.seq`.execute(service.db);
  return rows;
}

/** Replayed one by one from the starting state in the order they were written, each open got its price. */
async function expectPricedInWriteOrder(market: TestMarket, start: { q: number[]; b: number }): Promise<void> {
  let q = start.q;
  const outcomeIndex = new Map(market.outcomes.map((o, i) => [o.id, i]));
  for (const p of await positionsOf(market.slug)) {
    const quote = quoteOpen(q, start.b, outcomeIndex.get(p.outcome_id)!, p.stake_minor);
    if (!quote.ok) throw new Error(quote.code);
    expect(p.price_micro).toBe(quote.priceMicro);
    expect(p.shares_units).toBe(quote.shares);
    q = quote.qAfter;
  }
  expect((await marketState(market.slug)).q).toEqual(q);
}

describe('batched trades on one market', () => {
  it('prices each open of a batch as it would have been priced alone, in arrival order', async () => {
    const market = await createMarket(service, tenant, { max_open_stake_per_user: '1000.00' });
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, i) => fundedUser(service, tenant.sandboxKey, `b${i}`)),
    );
    const start = await marketState(market.slug);
    const opens = Array.from({ length: 16 }, (_, i) => open(market, users[i % 6]!, `${5 + i}.00`, i % 3 === 0 ? 1 : 0));
    const answers = await withMarketHeld(market.slug, () => Promise.all(opens.map(send)));
    for (const res of answers) expect(res.status, res.text).toBe(201);

    const positions = await positionsOf(market.slug);
    expect(positions).toHaveLength(opens.length);
    // A batch writes one price point: alone, each open would have written its own.
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from price_points pp join markets m on m.id = pp.market_id
      where m.slug = ${market.slug}`.execute(service.db);
    expect(rows[0]!.n, 'at most two batches: the one that waited for the lock, and the rest').toBeLessThanOrEqual(3);

    await expectPricedInWriteOrder(market, start);
    const byId = new Map(positions.map((p) => [p.id, p]));
    for (const res of answers) {
      const written = byId.get(res.json.id)!;
      expect(res.json.price, 'the answer carries the price written').toBe(formatPrice(written.price_micro));
    }
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('serialises the batches of two service processes on the market row', async () => {
    const second = await startTestService({ clock });
    try {
      const market = await createMarket(service, tenant, { max_open_stake_per_user: '1000.00' });
      const users = await Promise.all(
        Array.from({ length: 4 }, (_, i) => fundedUser(service, tenant.sandboxKey, `two${i}`)),
      );
      const start = await marketState(market.slug);
      const opens = Array.from({ length: 40 }, (_, i) => open(market, users[i % 4]!, `${1 + (i % 7)}.00`, i % 2));
      const answers = await Promise.all(
        opens.map((o, i) =>
          (i % 2 === 0 ? service : second).api('sandbox', 'POST', '/v1/positions', {
            key: tenant.sandboxKey,
            idempotencyKey: o.key,
            body: o.body,
          }),
        ),
      );
      for (const res of answers) expect(res.status, res.text).toBe(201);
      expect(await positionsOf(market.slug)).toHaveLength(opens.length);
      await expectPricedInWriteOrder(market, start);
      await expectLedgerInvariant(service.db, tenant.tenantId);
    } finally {
      await second.stop();
    }
  });

  it('refuses one open of a batch on its own and applies the others', async () => {
    const market = await createMarket(service, tenant);
    const rich = await fundedUser(service, tenant.sandboxKey, 'rich');
    const poor = await fundedUser(service, tenant.sandboxKey, 'poor', '1.00');
    const stranger = `stranger-${uniqueKey()}`;
    const opens = [
      open(market, rich, '5.00'),
      open(market, rich, '5.00', 0, { max_price: '0.01' }), // price_moved
      open(market, poor, '5.00'), // would_overdraw
      open(market, stranger, '5.00'), // unknown_user
      open(market, rich, '60.00'), // stake_limit_exceeded
      open(market, rich, '5.00', 1),
    ];
    const answers = await withMarketHeld(market.slug, () => Promise.all(opens.map(send)));
    expect(answers.map((r) => r.status)).toEqual([201, 409, 409, 404, 409, 201]);
    expectEnvelope(answers[1]!, 'price_moved', 409);
    expectEnvelope(answers[2]!, 'would_overdraw', 409);
    expectEnvelope(answers[3]!, 'unknown_user', 404);
    expectEnvelope(answers[4]!, 'stake_limit_exceeded', 409);
    expect(await positionsOf(market.slug)).toHaveLength(2);

    // Each refusal was recorded, and its key is unspent: the same request succeeds once it can.
    const rejections = await service.api('sandbox', 'GET', `/v1/position-rejections?external_user_id=${rich}`, {
      key: tenant.sandboxKey,
    });
    expect(rejections.json.data.map((r: { error: string }) => r.error).sort()).toEqual([
      'price_moved',
      'stake_limit_exceeded',
    ]);
    await registerUser(service, tenant.sandboxKey, stranger);
    const funded = await service.api('sandbox', 'POST', '/v1/balance-sync', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('fund'),
      body: { external_user_id: stranger, direction: 'credit', amount: '10.00' },
    });
    expect(funded.status).toBe(200);
    expect((await send(opens[3]!)).status).toBe(201);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('replays every answer of a round byte for byte, and answers a key queued twice as in progress', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'replay');
    const opens = [open(market, user, '3.00'), open(market, user, '4.00', 1)];
    const twice = opens[0]!;
    const reused = { key: twice.key, body: { ...twice.body, stake: '7.00' } };
    const answers = await withMarketHeld(market.slug, async () => {
      // The first use of the key must be the one that arrives first: it goes ahead alone and waits in its
      // batch on the held market row; the other three then arrive together and form the next batch.
      const first = send(opens[0]!);
      await sleep(150);
      return Promise.all([first, ...[opens[1]!, twice, reused].map(send)]);
    });
    // A key already queued in this process is in progress at once, whatever the body.
    expect(answers.map((r) => r.status)).toEqual([201, 201, 409, 409]);
    expectEnvelope(answers[2]!, 'idempotency_key_in_progress', 409);
    expect(answers[2]!.headers.get('retry-after')).toBe('1');
    expectEnvelope(answers[3]!, 'idempotency_key_in_progress', 409);
    expect(await positionsOf(market.slug)).toHaveLength(2);
    // Once answered, the repeat replays the first answer and the other body is 422.
    expect((await send(twice)).text).toBe(answers[0]!.text);
    expectEnvelope(await send(reused), 'idempotency_key_reused', 422);
    for (const [i, o] of opens.entries()) expect((await send(o)).text).toBe(answers[i]!.text);
  });

  it('answers 409 idempotency_key_in_progress while another transaction holds the key', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'inflight');
    const o = open(market, user, '2.00');
    const name = JSON.stringify([tenant.tenantId, 'sandbox', 'operator', 'position_open', o.key]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = service.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(tx);
      locked();
      await released;
    });
    await isLocked;
    const during = await send(o);
    expectEnvelope(during, 'idempotency_key_in_progress', 409);
    expect(during.headers.get('retry-after')).toBe('1');
    release();
    await holder;
    expect((await send(o)).status).toBe(201);
    expect(await positionsOf(market.slug)).toHaveLength(1);
  });

  it('fills a limit order in the batch whose trade brought the price to its limit', async () => {
    const market = await createMarket(service, tenant, {
      max_stake_per_position: '500.00',
      max_open_stake_per_user: '1000.00',
    });
    const waiter = await fundedUser(service, tenant.sandboxKey, 'waiter');
    const mover = await fundedUser(service, tenant.sandboxKey, 'mover');
    const placed = await service.api('sandbox', 'POST', '/v1/orders', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('order'),
      body: {
        external_user_id: waiter,
        market_slug: market.slug,
        outcome_id: market.outcomes[1]!.id,
        stake: '1.00',
        limit_price: '0.4',
      },
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json.status).toBe('open');
    const moved = await send(open(market, mover, '100.00'));
    expect(moved.status, moved.text).toBe(201);
    const order = await service.api('sandbox', 'GET', `/v1/orders/${placed.json.id}`, { key: tenant.sandboxKey });
    expect(order.json.status).toBe('filled');
    const positions = await positionsOf(market.slug);
    expect(positions.map((p) => p.id)).toContain(order.json.position_id);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('answers a repeat of a refused key within one batch as in flight, so that its retry runs', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'repeat');
    const refused = open(market, user, '2.00', 0, { max_price: '0.01' });
    const answers = await withMarketHeld(market.slug, async () => {
      // The first batch (this open alone) waits for the market; both repeats then join the next one.
      const first = send(open(market, user, '1.00'));
      await sleep(150);
      const repeats = Promise.all([send(refused), send(refused)]);
      return [await first, ...(await repeats)];
    });
    expect(answers.map((r) => r.status)).toEqual([201, 409, 409]);
    // Whichever of the two the batch took first was refused; the other was in flight beside it.
    const [inFlight, priceMoved] = [answers[1]!, answers[2]!].sort((x, y) => (x.json.error < y.json.error ? -1 : 1));
    expectEnvelope(priceMoved!, 'price_moved', 409);
    expectEnvelope(inFlight!, 'idempotency_key_in_progress', 409);
    expect(inFlight!.headers.get('retry-after')).toBe('1');
  });

  it('fails only the trade at fault when its batch cannot commit, and applies the others', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'fault');
    // A stake of 42.42 on this market cannot be written: a stand-in for any failure inside a batch.
    const trigger = `refuse_${market.id.replaceAll('-', '_')}`;
    await sql`
      create function ${sql.raw(trigger)}() returns trigger language plpgsql as $$
      begin
        if new.market_id = ${sql.lit(market.id)}::uuid and new.stake_minor = 4242 then raise exception 'refused by test'; end if;
        return new;
      end $$`.execute(service.db);
    await sql`create trigger ${sql.raw(trigger)} before insert on positions for each row execute function ${sql.raw(trigger)}()`.execute(
      service.db,
    );
    try {
      const opens = [open(market, user, '1.00'), open(market, user, '42.42'), open(market, user, '2.00')];
      const answers = await withMarketHeld(market.slug, () => Promise.all(opens.map(send)));
      expect(answers.map((r) => r.status)).toEqual([201, 500, 201]);
      expectEnvelope(answers[1]!, 'internal_error', 500);
      expect(await positionsOf(market.slug)).toHaveLength(2);
    } finally {
      await sql`drop trigger ${sql.raw(trigger)} on positions`.execute(service.db);
      await sql`drop function ${sql.raw(trigger)}()`.execute(service.db);
    }
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('takes over a reservation of the reserve-first path that lapsed unfinished, whatever its body', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'lapsed');
    const o = open(market, user, '3.00');
    await sql`
      insert into idempotency_keys
        (tenant_id, environment, principal, operation, key, request_hash, state, holder, locked_until, created_at)
      values (${tenant.tenantId}, 'sandbox', 'operator', 'position_open', ${o.key}, '\\x00'::bytea, 'in_progress',
              gen_random_uuid(), ${new Date(clock.now().getTime() - 60_000)}, ${new Date(clock.now().getTime() - 90_000)})`.execute(
      service.db,
    );
    const res = await send(o);
    expect(res.status, res.text).toBe(201);
    expect((await send(o)).text).toBe(res.text);
  });

  it('answers a close of a position the asker cannot see 404, or by its key when the key has an answer', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'unseen');
    const opened = await send(open(market, user, '2.00'));
    const key = uniqueKey('close');
    const close = (id: string) =>
      service.api('sandbox', 'POST', `/v1/positions/${id}/close`, {
        key: tenant.sandboxKey,
        idempotencyKey: key,
        body: { min_price: '0.01' },
      });
    expectEnvelope(await close('00000000-0000-4000-8000-000000000000'), 'not_found', 404);
    const closed = await close(opened.json.id);
    expect(closed.status, closed.text).toBe(200);
    expectEnvelope(await close('00000000-0000-4000-8000-000000000000'), 'idempotency_key_reused', 422);
  });
});
