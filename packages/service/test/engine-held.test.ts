import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser } from './trading-helpers.js';
import {
  balanceOf,
  holdMarket,
  holdUser,
  openBody,
  pending,
  postBatch,
  postOpen,
  postSync,
  raiseLimits,
  sleep,
  type Held,
  within,
  type Pending,
} from './engine-helpers.js';

/**
 * A command whose market or user another transaction holds (a settlement, another process's round) waits
 * for it without holding up the commands on other markets and users (docs/architecture.md); a
 * duplicate of a command in flight gets 409 idempotency_key_in_progress meanwhile.
 *
 * The rows are held from a connection of the test's own. "Answered while the other is still pending" is
 * checked by order, not by time: the held command is sent first, the others after it, and when they have
 * answered the held one must not have. The others are sent twice: at once, and again after a while, when
 * a command deferred round after round has had time to take its locks blocking (which must not stall the
 * rounds of the others either).
 */

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  await raiseLimits(service, tenant);
});
afterAll(() => service?.stop());

const PATIENCE = [0, 1_500];

/** Sends `others` at once and again after a while, each time expecting them answered while `held` is not. */
async function othersGoAhead(held: Pending[], others: () => Promise<void>): Promise<void> {
  for (const wait of PATIENCE) {
    await sleep(wait);
    await within(others(), 10_000, 'the commands on rows nobody holds, while another command waits on a held row');
    for (const h of held) expect(h.settled(), `the held command answered before its row was let go`).toBe(false);
  }
}

async function withHeld<T>(hold: Promise<Held>, run: () => Promise<T>): Promise<T> {
  const held = await hold;
  try {
    return await run();
  } finally {
    await held.release();
  }
}

describe('a command whose market another transaction holds', () => {
  it('waits for it, and opens on other markets and syncs of other users answer meanwhile', async () => {
    const [x, y] = [await createMarket(service, tenant), await createMarket(service, tenant)];
    const [a, b, c, d] = await Promise.all(
      ['ha', 'hb', 'hc', 'hd'].map((n) => fundedUser(service, tenant.sandboxKey, n)),
    );
    let onX!: Pending;
    let afterOnX!: Pending;
    await withHeld(holdMarket(x.slug), async () => {
      onX = pending(postOpen(service, tenant, openBody(x, a!, '5.00')));
      await sleep(200);
      // A later open on the same market waits behind it: order per market is arrival order.
      afterOnX = pending(postOpen(service, tenant, openBody(x, d!, '6.00')));
      await othersGoAhead([onX, afterOnX], async () => {
        const [onY, synced] = await Promise.all([
          postOpen(service, tenant, openBody(y, b!, '2.00')),
          postSync(service, tenant, { external_user_id: c, direction: 'credit', amount: '1.00' }),
        ]);
        expect(onY.status, `open on the other market: ${onY.text}`).toBe(201);
        expect(synced.status, `sync of a user not involved: ${synced.text}`).toBe(200);
      });
    });
    const [first, second] = [await onX.promise, await afterOnX.promise];
    expect(first.status, first.text).toBe(201);
    expect(second.status, second.text).toBe(201);
    const { rows } = await sql<{ id: string }>`
      select p.id from positions p join markets m on m.id = p.market_id where m.slug = ${x.slug} order by p.seq`.execute(
      service.db,
    );
    expect(
      rows.map((r) => r.id),
      'the held market applied its opens in arrival order',
    ).toEqual([first.json.id, second.json.id]);
    expect(await balanceOf(service, tenant, a!)).toBe('995.00');
    expect(await balanceOf(service, tenant, b!)).toBe(`${1000 - 2 * PATIENCE.length}.00`);
    expect(await balanceOf(service, tenant, c!)).toBe(`${1000 + PATIENCE.length}.00`);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it("keeps a user's arrival order: a later sync of that user waits behind its open on the held market", async () => {
    const x = await createMarket(service, tenant);
    const a = await fundedUser(service, tenant.sandboxKey, 'order', '10.00');
    let open!: Pending;
    let debit!: Pending;
    await withHeld(holdMarket(x.slug), async () => {
      open = pending(postOpen(service, tenant, openBody(x, a, '10.00')));
      await sleep(300);
      debit = pending(postSync(service, tenant, { external_user_id: a, direction: 'debit', amount: '10.00' }));
      await sleep(1_000);
      expect(debit.settled(), 'the sync that came after the open answered before it').toBe(false);
      expect(open.settled()).toBe(false);
    });
    const [opened, debited] = [await open.promise, await debit.promise];
    expect(opened.status, opened.text).toBe(201);
    // Alone in arrival order, the debit comes after the open has taken the whole balance.
    expectEnvelope(debited, 'would_overdraw', 409);
    expect(await balanceOf(service, tenant, a)).toBe('0.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('a command whose user another transaction holds', () => {
  it('waits for it, and syncs and opens of other users answer meanwhile', async () => {
    const [m, n] = [await createMarket(service, tenant), await createMarket(service, tenant)];
    const [a, b, c] = await Promise.all(['ua', 'ub', 'uc'].map((name) => fundedUser(service, tenant.sandboxKey, name)));
    let syncA!: Pending;
    let openA!: Pending;
    await withHeld(holdUser(tenant, a!), async () => {
      syncA = pending(postSync(service, tenant, { external_user_id: a, direction: 'credit', amount: '2.00' }));
      openA = pending(postOpen(service, tenant, openBody(m, a!, '3.00')));
      await sleep(200);
      // Not on market m: a later command on m would rightly wait behind a's open there.
      await othersGoAhead([syncA, openA], async () => {
        const [synced, opened, batch] = await Promise.all([
          postSync(service, tenant, { external_user_id: b, direction: 'credit', amount: '1.00' }),
          postOpen(service, tenant, openBody(n, c!, '1.00')),
          postBatch(service, tenant, [
            { idempotency_key: uniqueKey('item'), external_user_id: b, direction: 'debit', amount: '0.50' },
            { idempotency_key: uniqueKey('item'), external_user_id: c, direction: 'credit', amount: '0.50' },
          ]),
        ]);
        expect(synced.status, `sync of another user: ${synced.text}`).toBe(200);
        expect(opened.status, `open of another user: ${opened.text}`).toBe(201);
        expect(batch.status, batch.text).toBe(200);
        expect(
          batch.json.results.map((r: { status: number }) => r.status),
          batch.text,
        ).toEqual([200, 200]);
      });
    });
    const [synced, opened] = [await syncA.promise, await openA.promise];
    expect(synced.status, synced.text).toBe(200);
    expect(opened.status, opened.text).toBe(201);
    expect(await balanceOf(service, tenant, a!)).toBe('999.00');
    expect(await balanceOf(service, tenant, b!)).toBe('1001.00');
    expect(await balanceOf(service, tenant, c!)).toBe('999.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('a duplicate of a command in flight', () => {
  /**
   * The duplicate answers (generously: within 10 s, while the first still waits for its held row) 409 in
   * progress with Retry-After.
   */
  async function expectInProgress(duplicate: Pending, first: Pending): Promise<void> {
    for (let i = 0; i < 100 && !duplicate.settled(); i++) await sleep(100);
    expect(duplicate.settled(), 'the duplicate waited for the held row instead of answering').toBe(true);
    expectEnvelope(await duplicate.promise, 'idempotency_key_in_progress', 409);
    expect((await duplicate.promise).headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(first.settled(), 'the first request answered before its row was let go').toBe(false);
  }

  it('of a sync answers 409 idempotency_key_in_progress at once, then the first answer byte for byte', async () => {
    const user = await fundedUser(service, tenant.sandboxKey, 'dup', '1.00');
    const key = uniqueKey('dup');
    const body = { external_user_id: user, direction: 'credit', amount: '8.00' };
    let first!: Pending;
    await withHeld(holdUser(tenant, user), async () => {
      first = pending(postSync(service, tenant, body, key));
      await sleep(300);
      await expectInProgress(pending(postSync(service, tenant, body, key)), first);
      // As a batch item: that item is in progress.
      const batched = pending(postBatch(service, tenant, [{ idempotency_key: key, ...body }]));
      for (let i = 0; i < 100 && !batched.settled(); i++) await sleep(100);
      expect(batched.settled(), 'the batch waited for the held row instead of answering').toBe(true);
      const batch = await batched.promise;
      expect(batch.status, batch.text).toBe(200);
      expect(batch.json.results[0]).toMatchObject({ status: 409, body: { error: 'idempotency_key_in_progress' } });
      expect(first.settled()).toBe(false);
    });
    const answered = await first.promise;
    expect(answered.status, answered.text).toBe(200);
    expect(answered.json.balance).toBe('9.00');
    const again = await postSync(service, tenant, body, key);
    expect(again.status).toBe(200);
    expect(again.text).toBe(answered.text);
    expect(await balanceOf(service, tenant, user)).toBe('9.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('of an open answers 409 idempotency_key_in_progress at once, then the first answer byte for byte', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'dup-open');
    const key = uniqueKey('dup-open');
    const body = openBody(market, user, '4.00');
    let first!: Pending;
    await withHeld(holdMarket(market.slug), async () => {
      first = pending(postOpen(service, tenant, body, key));
      await sleep(300);
      await expectInProgress(pending(postOpen(service, tenant, body, key)), first);
    });
    const answered = await first.promise;
    expect(answered.status, answered.text).toBe(201);
    const again = await postOpen(service, tenant, body, key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(answered.text);
    expect(await balanceOf(service, tenant, user)).toBe('996.00');
  });

  it('sent to another process answers 409 idempotency_key_in_progress while the first waits', async () => {
    const second = await startTestService({ clock });
    try {
      const user = await fundedUser(service, tenant.sandboxKey, 'dup-two');
      const key = uniqueKey('dup-two');
      const body = { external_user_id: user, direction: 'credit', amount: '3.00' };
      let first!: Pending;
      await withHeld(holdUser(tenant, user), async () => {
        first = pending(postSync(service, tenant, body, key));
        await sleep(300);
        const other = pending(
          second.api('sandbox', 'POST', '/v1/balance-sync', { key: tenant.sandboxKey, idempotencyKey: key, body }),
        );
        await expectInProgress(other, first);
      });
      const answered = await first.promise;
      expect(answered.status, answered.text).toBe(200);
      const again = await second.api('sandbox', 'POST', '/v1/balance-sync', {
        key: tenant.sandboxKey,
        idempotencyKey: key,
        body,
      });
      expect(again.text).toBe(answered.text);
      expect(await balanceOf(service, tenant, user)).toBe('1003.00');
    } finally {
      await second.stop();
    }
  });
});
