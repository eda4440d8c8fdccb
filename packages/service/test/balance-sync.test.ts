import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
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

let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('POST /v1/balance-sync', () => {
  it('credits and debits with direction carrying the sign and amounts always positive', async () => {
    await registerUser(service, tenant.sandboxKey, 'alice');
    const credit = await sync(service, tenant.sandboxKey, {
      external_user_id: 'alice',
      direction: 'credit',
      amount: '100',
    });
    expect(credit.status).toBe(200);
    expect(credit.json).toEqual({ transaction_id: expect.stringMatching(/^[0-9a-f-]{36}$/), balance: '100.00' });
    const debit = await sync(service, tenant.sandboxKey, {
      external_user_id: 'alice',
      direction: 'debit',
      amount: '40.5',
    });
    expect(debit.json.balance).toBe('59.50');
    const txs = await service.api('sandbox', 'GET', '/v1/transactions?external_user_id=alice', {
      key: tenant.sandboxKey,
    });
    expect(txs.json.data.map((t: any) => [t.entry_type, t.amount, t.balance_after])).toEqual([
      ['balance_sync_credit', '100.00', '100.00'],
      ['balance_sync_debit', '-40.50', '59.50'],
    ]);
    const user = await service.api('sandbox', 'GET', '/v1/users/alice', { key: tenant.sandboxKey });
    expect(user.json).toEqual({ external_user_id: 'alice', status: 'active', balance: '59.50' });
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('replays the first answer byte for byte for the same key and body, applying nothing again', async () => {
    await registerUser(service, tenant.sandboxKey, 'bob');
    const key = uniqueKey();
    const body = { external_user_id: 'bob', direction: 'credit', amount: '10.00', resulting_balance: '10.00' };
    const first = await sync(service, tenant.sandboxKey, body, key);
    const again = await sync(service, tenant.sandboxKey, body, key);
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    const user = await service.api('sandbox', 'GET', '/v1/users/bob', { key: tenant.sandboxKey });
    expect(user.json.balance).toBe('10.00');
  });

  it('refuses the same key with another body with 422 idempotency_key_reused and applies nothing', async () => {
    await registerUser(service, tenant.sandboxKey, 'carol');
    const key = uniqueKey();
    await sync(service, tenant.sandboxKey, { external_user_id: 'carol', direction: 'credit', amount: '5' }, key);
    for (const other of [
      { external_user_id: 'carol', direction: 'credit', amount: '6' },
      { external_user_id: 'carol', direction: 'credit', amount: '5.00' },
      { external_user_id: 'carol', direction: 'debit', amount: '5' },
      { external_user_id: 'carol', direction: 'credit', amount: '5', resulting_balance: '5' },
    ]) {
      expectEnvelope(await sync(service, tenant.sandboxKey, other, key), 'idempotency_key_reused', 422);
    }
    const user = await service.api('sandbox', 'GET', '/v1/users/carol', { key: tenant.sandboxKey });
    expect(user.json.balance).toBe('5.00');
  });

  it('answers 409 would_overdraw, applies nothing, records and flags the refusal, and replays it for its key', async () => {
    await registerUser(service, tenant.sandboxKey, 'dave');
    await sync(service, tenant.sandboxKey, { external_user_id: 'dave', direction: 'credit', amount: '3.00' });
    const key = uniqueKey();
    const refused = await sync(
      service,
      tenant.sandboxKey,
      { external_user_id: 'dave', direction: 'debit', amount: '3.01', resulting_balance: '0.00' },
      key,
    );
    expectEnvelope(refused, 'would_overdraw', 409);
    const replay = await sync(
      service,
      tenant.sandboxKey,
      { external_user_id: 'dave', direction: 'debit', amount: '3.01', resulting_balance: '0.00' },
      key,
    );
    expect(replay.status).toBe(409);
    expect(replay.text).toBe(refused.text);
    const user = await service.api('sandbox', 'GET', '/v1/users/dave', { key: tenant.sandboxKey });
    expect(user.json.balance).toBe('3.00');
    const records = await sql<{ outcome: string; flagged: boolean; ledger: bigint; resulting: bigint }>`
      select outcome, flagged_for_reconciliation as flagged, ledger_balance_minor as ledger, resulting_balance_minor as resulting
      from balance_syncs where tenant_id = ${tenant.tenantId} and idempotency_key = ${key}`.execute(service.db);
    expect(records.rows).toEqual([{ outcome: 'would_overdraw', flagged: true, ledger: 300n, resulting: 0n }]);
    // The exact debit of the whole balance is allowed: the floor is zero, not above it.
    const exact = await sync(service, tenant.sandboxKey, { external_user_id: 'dave', direction: 'debit', amount: '3' });
    expect(exact.json.balance).toBe('0.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('answers 404 unknown_user without recording it or spending the key', async () => {
    const key = uniqueKey();
    const body = { external_user_id: 'erin', direction: 'credit', amount: '7' };
    expectEnvelope(await sync(service, tenant.sandboxKey, body, key), 'unknown_user', 404);
    await registerUser(service, tenant.sandboxKey, 'erin');
    const retried = await sync(service, tenant.sandboxKey, body, key);
    expect(retried.status).toBe(200);
    expect(retried.json.balance).toBe('7.00');
  });

  it('stores resulting_balance for reconciliation', async () => {
    await registerUser(service, tenant.sandboxKey, 'fay');
    const key = uniqueKey();
    await sync(
      service,
      tenant.sandboxKey,
      { external_user_id: 'fay', direction: 'credit', amount: '12.34', resulting_balance: '99.99' },
      key,
    );
    const rows = await sql<{ resulting: bigint; outcome: string }>`
      select resulting_balance_minor as resulting, outcome from balance_syncs where tenant_id = ${tenant.tenantId} and idempotency_key = ${key}`.execute(
      service.db,
    );
    expect(rows.rows).toEqual([{ resulting: 9999n, outcome: 'applied' }]);
  });

  it('applies balance sync to a blocked user', async () => {
    await service.api('sandbox', 'PUT', '/v1/users/gus', { key: tenant.sandboxKey, body: { status: 'blocked' } });
    const res = await sync(service, tenant.sandboxKey, { external_user_id: 'gus', direction: 'credit', amount: '1' });
    expect(res.status).toBe(200);
  });

  it('requires an Idempotency-Key of at most 128 characters without a colon', async () => {
    await registerUser(service, tenant.sandboxKey, 'hal');
    const body = { external_user_id: 'hal', direction: 'credit', amount: '1' };
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/balance-sync', { key: tenant.sandboxKey, body }),
      'idempotency_key_required',
      400,
    );
    expectEnvelope(await sync(service, tenant.sandboxKey, body, 'a:b'), 'validation_failed', 400);
    expectEnvelope(await sync(service, tenant.sandboxKey, body, 'k'.repeat(129)), 'validation_failed', 400);
    expect((await sync(service, tenant.sandboxKey, body, 'k'.repeat(128))).status).toBe(200);
  });

  it.each([
    ['amount as a JSON number', { external_user_id: 'ivy', direction: 'credit', amount: 10 }],
    ['zero amount', { external_user_id: 'ivy', direction: 'credit', amount: '0.00' }],
    ['negative amount', { external_user_id: 'ivy', direction: 'credit', amount: '-1' }],
    ['three decimals', { external_user_id: 'ivy', direction: 'credit', amount: '1.001' }],
    ['exponent', { external_user_id: 'ivy', direction: 'credit', amount: '1e3' }],
    ['unknown direction', { external_user_id: 'ivy', direction: 'up', amount: '1' }],
    ['missing user', { direction: 'credit', amount: '1' }],
    [
      'resulting_balance as a number',
      { external_user_id: 'ivy', direction: 'credit', amount: '1', resulting_balance: 1 },
    ],
    ['e-mail as user id', { external_user_id: 'ivy@example.com', direction: 'credit', amount: '1' }],
  ])('refuses %s with 400 validation_failed and changes nothing', async (_name, body) => {
    await registerUser(service, tenant.sandboxKey, 'ivy');
    const key = uniqueKey();
    expectEnvelope(
      await sync(service, tenant.sandboxKey, body as Record<string, unknown>, key),
      'validation_failed',
      400,
    );
    const user = await service.api('sandbox', 'GET', '/v1/users/ivy', { key: tenant.sandboxKey });
    expect(user.json.balance).toBe('0.00');
    // The key was not spent by the bad request.
    expect(
      (await sync(service, tenant.sandboxKey, { external_user_id: 'ivy', direction: 'credit', amount: '1' }, key))
        .status,
    ).toBe(200);
    await sync(service, tenant.sandboxKey, { external_user_id: 'ivy', direction: 'debit', amount: '1' });
  });

  it('refuses a body that is not JSON and one above the size limit', async () => {
    const bad = await service.api('sandbox', 'POST', '/v1/balance-sync', {
      key: tenant.sandboxKey,
      rawBody: '{"external_user_id":',
      idempotencyKey: uniqueKey(),
    });
    expectEnvelope(bad, 'validation_failed', 400);
    const big = await service.api('sandbox', 'POST', '/v1/balance-sync', {
      key: tenant.sandboxKey,
      body: { external_user_id: 'x', direction: 'credit', amount: '1', pad: 'x'.repeat(20_000) },
      idempotencyKey: uniqueKey(),
    });
    expectEnvelope(big, 'request_too_large', 413);
  });
});
