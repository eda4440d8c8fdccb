import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BALANCE_MINOR, post } from '../src/domains/ledger/index.js';
import {
  BalanceSyncResult,
  callApplyBalanceSyncs,
  ENTRY_TYPE_BY_DIRECTION,
  presentSyncApplied,
  wouldOverdraw,
} from '../src/domains/sync/index.js';
import { apiErrorOf, envelopeOf } from '../src/errors/index.js';
import { presenter } from '../src/http/present.js';
import { FakeClock } from '../src/lib/clock.js';
import { formatAmount } from '../src/lib/money.js';
import {
  createTenant,
  expectLedgerInvariant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';

/**
 * The database function apply_balance_syncs (migration 0013) against the TypeScript it stands in for:
 * its amounts are formatAmount's, its stored bytes the presenter's and the envelope's, its decisions
 * the ledger's post().
 */

const clock = new FakeClock('2026-07-01T09:30:00.000Z');
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

const storedAnswer = async (key: string) =>
  (
    await sql<{ status: number; body: string }>`
      select response_status as status, response_body as body from idempotency_keys
      where tenant_id = ${tenant.tenantId} and operation = 'balance_sync' and key = ${key}`.execute(service.db)
  ).rows[0];

describe('format_amount', () => {
  it('writes every bigint as formatAmount does, over the whole range', async () => {
    const formatted = async (values: bigint[]) =>
      (
        await sql<{ text: string }>`
          select format_amount(v) as text from unnest(${values}::bigint[]) with ordinality as x(v, n) order by n`.execute(
          service.db,
        )
      ).rows.map((r) => r.text);
    const edges = [0n, 1n, -1n, 9n, 10n, 99n, 100n, 101n, -100n, -4000n, MAX_BALANCE_MINOR, -MAX_BALANCE_MINOR - 1n];
    expect(await formatted(edges)).toEqual(edges.map(formatAmount));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.bigInt({ min: -MAX_BALANCE_MINOR - 1n, max: MAX_BALANCE_MINOR }),
            fc.bigInt({ min: 0n, max: 1_000_000n }),
            fc.bigInt({ min: MAX_BALANCE_MINOR - 1_000n, max: MAX_BALANCE_MINOR }),
          ),
          { minLength: 1, maxLength: 200 },
        ),
        async (values) => {
          expect(await formatted(values)).toEqual(values.map(formatAmount));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the stored answer', () => {
  it("of an applied sync is the presenter's bytes, sent and stored", async () => {
    await registerUser(service, tenant.sandboxKey, 'bytes-a');
    const key = uniqueKey();
    const body = { external_user_id: 'bytes-a', direction: 'credit', amount: '1234.5' };
    const res = await sync(service, tenant.sandboxKey, body, key);
    expect(res.status).toBe(200);
    const expected = presenter(
      BalanceSyncResult,
      presentSyncApplied,
    )({
      transactionId: res.json.transaction_id,
      balance: formatAmount(123_450n),
    });
    expect(res.text).toBe(expected);
    expect(await storedAnswer(key)).toEqual({ status: 200, body: expected });
    expect((await sync(service, tenant.sandboxKey, body, key)).text).toBe(expected);
  });

  it('of a refused debit is the envelope made in TypeScript with the balance it was refused against', async () => {
    await registerUser(service, tenant.sandboxKey, 'bytes-b');
    await sync(service, tenant.sandboxKey, { external_user_id: 'bytes-b', direction: 'credit', amount: '0.07' });
    const key = uniqueKey();
    const body = { external_user_id: 'bytes-b', direction: 'debit', amount: '10' };
    const res = await sync(service, tenant.sandboxKey, body, key);
    expect(res.status).toBe(409);
    const error = apiErrorOf(wouldOverdraw(1_000n, formatAmount(7n)));
    const context = { requestId: res.json.request_id, source: res.json.source };
    const expected = JSON.stringify(envelopeOf(error, context, clock.now()));
    expect(res.text).toBe(expected);
    expect(res.json.message).toBe('The debit of 10.00 would take the balance of 0.07 below zero; nothing was applied.');
    expect(await storedAnswer(key)).toEqual({ status: 409, body: expected });
  });

  it('of a batch item is the bytes its single request gets', async () => {
    await registerUser(service, tenant.sandboxKey, 'bytes-c');
    const key = uniqueKey();
    const item = { idempotency_key: key, external_user_id: 'bytes-c', direction: 'credit', amount: '3' };
    const res = await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('batch'),
      body: { items: [item] },
    });
    const { idempotency_key: _key, ...single } = item;
    const alone = await sync(service, tenant.sandboxKey, single, key);
    expect(res.text).toBe(`{"results":[{"status":200,"body":${alone.text}}]}`);
  });
});

describe('the ledger rule in the function', () => {
  it('decides as post() does, in item order, recording each movement that reached the ledger in order', async () => {
    const users = ['rule-0', 'rule-1', 'rule-2'];
    for (const user of users) await registerUser(service, tenant.sandboxKey, user);
    const ids = new Map(
      (
        await sql<{ id: string; external_user_id: string }>`
          select id, external_user_id from users
          where tenant_id = ${tenant.tenantId} and environment = 'sandbox' and external_user_id in (${sql.join(users)})`.execute(
          service.db,
        )
      ).rows.map((r) => [r.external_user_id, r.id]),
    );
    // One start near the ceiling, so that both refusals happen.
    await setBalance(ids.get('rule-2')!, MAX_BALANCE_MINOR - 5_000n);
    const balances = new Map(users.map((u) => [u, u === 'rule-2' ? MAX_BALANCE_MINOR - 5_000n : 0n]));
    const scope = {
      tenantId: tenant.tenantId,
      environment: 'sandbox' as const,
      principal: 'operator',
      operation: 'balance_sync',
    };
    const movement = fc.record({
      user: fc.constantFrom(...users, 'rule-nobody'),
      direction: fc.constantFrom('credit' as const, 'debit' as const),
      amount: fc.bigInt({ min: 1n, max: 10_000n }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(movement, { minLength: 1, maxLength: 30 }), async (movements) => {
        const items = movements.map((m) => ({
          key: uniqueKey('rule'),
          requestHash: Buffer.alloc(32, 7),
          externalUserId: m.user,
          direction: m.direction,
          entryType: ENTRY_TYPE_BY_DIRECTION[m.direction],
          amount: m.amount,
          resultingBalance: null,
          transactionId: randomUUID(),
          recordId: randomUUID(),
          applied: { status: 200, body: 'applied @' },
          overdrawn: { status: 409, body: 'overdrawn @' },
        }));
        const results = await callApplyBalanceSyncs(service.db, scope, clock.now(), '@', items);
        const expectedRecords: [string, string, bigint][] = [];
        movements.forEach((m, i) => {
          const result = results[i]!;
          const balance = balances.get(m.user);
          if (balance === undefined) {
            expect(result.outcome).toBe('unknown_user');
            return;
          }
          const posting = post(balance, m.direction === 'credit' ? m.amount : -m.amount);
          if (posting.ok) {
            balances.set(m.user, posting.balanceAfter);
            expect(result).toMatchObject({
              outcome: 'answered',
              status: 200,
              body: `applied ${formatAmount(posting.balanceAfter)}`,
            });
            expectedRecords.push([items[i]!.key, 'applied', posting.balanceAfter]);
          } else if (posting.code === 'would_overdraw') {
            expect(result).toMatchObject({
              outcome: 'answered',
              status: 409,
              body: `overdrawn ${formatAmount(balance)}`,
            });
            expectedRecords.push([items[i]!.key, 'would_overdraw', balance]);
          } else {
            expect(result.outcome).toBe('balance_limit');
          }
        });
        const records = await sql<{ key: string; outcome: string; ledger: bigint }>`
          select idempotency_key as key, outcome, ledger_balance_minor as ledger from balance_syncs
          where idempotency_key = any(${items.map((i) => i.key)}::text[]) order by seq`.execute(service.db);
        expect(records.rows.map((r) => [r.key, r.outcome, r.ledger])).toEqual(expectedRecords);
        const stored = await sql<{ n: number }>`
          select count(*)::int as n from idempotency_keys
          where tenant_id = ${tenant.tenantId} and key = any(${items.map((i) => i.key)}::text[])`.execute(service.db);
        expect(stored.rows[0]!.n, 'keys stored: exactly the movements that reached the ledger').toBe(
          expectedRecords.length,
        );
      }),
      { numRuns: 40 },
    );
    for (const user of users) expect(await balanceOf(ids.get(user)!)).toBe(balances.get(user));
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('refuses to run in a repeatable read transaction, where it could not see a key committed after its start', async () => {
    await expect(
      service.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (tx) => {
          const scope = {
            tenantId: tenant.tenantId,
            environment: 'sandbox' as const,
            principal: 'operator',
            operation: 'balance_sync',
          };
          await callApplyBalanceSyncs(tx, scope, clock.now(), '@', []);
        }),
    ).rejects.toThrow(/read committed/);
  });
});

/** Sets a user's balance with one ledger row that keeps sum(transactions) = balance. */
async function setBalance(userId: string, balance: bigint): Promise<void> {
  await sql`
    with u as (update users set balance_minor = ${balance} where id = ${userId} returning id)
    insert into transactions (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor, created_at)
    select ${randomUUID()}, ${tenant.tenantId}, 'sandbox', u.id, 'balance_sync_credit', ${balance}, ${balance}, now() from u`.execute(
    service.db,
  );
}

async function balanceOf(userId: string): Promise<bigint> {
  return (await sql<{ b: bigint }>`select balance_minor as b from users where id = ${userId}`.execute(service.db))
    .rows[0]!.b;
}
