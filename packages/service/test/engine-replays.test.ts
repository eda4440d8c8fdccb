import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type Response,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, type TestMarket } from './trading-helpers.js';
import { openBody, postBatch, postClose, postOpen, postSync, raiseLimits } from './engine-helpers.js';

/**
 * Replays stay byte-identical through the write engine, for every kind of keyed
 * write it takes: the same key and body give the stored status and bytes and apply nothing; the same key
 * with another body is 422 idempotency_key_reused; identical requests sent at once apply exactly once,
 * and every one of them gets either those bytes or 409 idempotency_key_in_progress with Retry-After.
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

/** One keyed write: how to send it under a key (as first sent, or with another body), and how often it applied. */
interface Write {
  send(key: string, otherBody?: boolean): Promise<Response>;
  applied(): Promise<number>;
  status: number;
}

interface Kind {
  name: string;
  /** A fresh write of this kind (a close needs a fresh position each time). */
  prepare(): Promise<Write>;
}

const countOf = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(service.db)).rows[0]!.n;

const ledgerRowsOf = (user: string) =>
  countOf(sql<{ n: number }>`
    select count(*)::int as n from transactions t join users u on u.id = t.user_id
    where u.tenant_id = ${tenant.tenantId} and u.external_user_id = ${user}`);

let market: TestMarket;

const kinds: Kind[] = [
  {
    name: 'balance sync',
    prepare: async () => {
      const user = await fundedUser(service, tenant.sandboxKey, 'rs');
      const before = await ledgerRowsOf(user);
      return {
        status: 200,
        send: (key, other) =>
          postSync(
            service,
            tenant,
            { external_user_id: user, direction: 'debit', amount: other ? '3.00' : '2.00' },
            key,
          ),
        applied: async () => (await ledgerRowsOf(user)) - before,
      };
    },
  },
  {
    name: 'balance sync batch',
    prepare: async () => {
      const [a, b] = [
        await fundedUser(service, tenant.sandboxKey, 'rb'),
        await fundedUser(service, tenant.sandboxKey, 'rb'),
      ];
      const before = (await ledgerRowsOf(a)) + (await ledgerRowsOf(b));
      const items = [
        { idempotency_key: uniqueKey('ri'), external_user_id: a, direction: 'credit', amount: '1.00' },
        { idempotency_key: uniqueKey('ri'), external_user_id: b, direction: 'debit', amount: '1.50' },
        { idempotency_key: uniqueKey('ri'), external_user_id: b, direction: 'debit', amount: '5000.00' },
      ];
      return {
        status: 200,
        send: (key, other) =>
          postBatch(
            service,
            tenant,
            other ? items.map((i, n) => (n === 0 ? { ...i, amount: '9.00' } : i)) : items,
            key,
          ),
        // Two items apply; the third is would_overdraw, stored but not in the ledger.
        applied: async () => ((await ledgerRowsOf(a)) + (await ledgerRowsOf(b)) - before) / 2,
      };
    },
  },
  {
    name: 'position open',
    prepare: async () => {
      const user = await fundedUser(service, tenant.sandboxKey, 'ro');
      return {
        status: 201,
        send: (key, other) => postOpen(service, tenant, openBody(market, user, other ? '4.00' : '3.00'), key),
        applied: () =>
          countOf(sql<{ n: number }>`
            select count(*)::int as n from positions p join users u on u.id = p.user_id
            where u.tenant_id = ${tenant.tenantId} and u.external_user_id = ${user}`),
      };
    },
  },
  {
    name: 'position close',
    prepare: async () => {
      const user = await fundedUser(service, tenant.sandboxKey, 'rc');
      const opened = await postOpen(service, tenant, openBody(market, user, '3.00', 1));
      expect(opened.status, opened.text).toBe(201);
      const id = opened.json.id as string;
      return {
        status: 200,
        send: (key, other) => postClose(service, tenant, id, other ? '0.01' : '0', key),
        applied: () =>
          countOf(sql<{ n: number }>`
            select count(*)::int as n from transactions
            where position_id = ${id} and entry_type = 'position_close_credit'`),
      };
    },
  },
  {
    name: 'limit order placement',
    prepare: async () => {
      const user = await fundedUser(service, tenant.sandboxKey, 'rl');
      const body = {
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '2.00',
        limit_price: '0.05',
      };
      return {
        status: 201,
        send: (key, other) =>
          service.api('sandbox', 'POST', '/v1/orders', {
            key: tenant.sandboxKey,
            idempotencyKey: key,
            body: other ? { ...body, limit_price: '0.06' } : body,
          }),
        applied: () =>
          countOf(sql<{ n: number }>`
            select count(*)::int as n from orders o join users u on u.id = o.user_id
            where u.tenant_id = ${tenant.tenantId} and u.external_user_id = ${user}`),
      };
    },
  },
];

beforeAll(async () => {
  market = await createMarket(service, tenant, { max_open_stake_per_user: '100000.00' });
});

describe.each(kinds)('a replay of a $name', (kind) => {
  it('is the stored answer byte for byte; another body under the key is 422', async () => {
    const write = await kind.prepare();
    const key = uniqueKey('replay');
    const first = await write.send(key);
    expect(first.status, first.text).toBe(write.status);
    for (let i = 0; i < 3; i++) {
      const again = await write.send(key);
      expect(again.status).toBe(first.status);
      expect(again.text).toBe(first.text);
    }
    expectEnvelope(await write.send(key, true), 'idempotency_key_reused', 422);
    expect((await write.send(key)).text, 'the 422 spoiled nothing').toBe(first.text);
    expect(await write.applied()).toBe(1);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('sent many times at once applies once; each answer is those bytes or 409 in progress', async () => {
    const write = await kind.prepare();
    const key = uniqueKey('at-once');
    const answers = await Promise.all(Array.from({ length: 12 }, () => write.send(key)));
    const done = answers.filter((a) => a.status === write.status);
    const busy = answers.filter((a) => a.status === 409 && a.json?.error === 'idempotency_key_in_progress');
    expect(done.length + busy.length, answers.map((a) => `${a.status} ${a.text}`).join('\n')).toBe(answers.length);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((a) => a.text)).size, 'every applied answer is the same bytes').toBe(1);
    for (const a of busy) {
      expectEnvelope(a, 'idempotency_key_in_progress', 409);
      expect(a.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    }
    const replay = await write.send(key);
    expect(replay.text).toBe(done[0]!.text);
    expect(await write.applied()).toBe(1);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
