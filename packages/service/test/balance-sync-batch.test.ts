import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

function batch(items: unknown[], key = uniqueKey('batch'), apiKey = tenant.sandboxKey) {
  return service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
    key: apiKey,
    body: { items },
    idempotencyKey: key,
  });
}

describe('POST /v1/balance-sync/batch', () => {
  it('applies items independently, in order, each with the status and body of its single request', async () => {
    await registerUser(service, tenant.sandboxKey, 'b-anna');
    const res = await batch([
      { idempotency_key: uniqueKey(), external_user_id: 'b-anna', direction: 'credit', amount: '10' },
      { idempotency_key: uniqueKey(), external_user_id: 'b-anna', direction: 'debit', amount: '15' },
      {
        idempotency_key: uniqueKey(),
        external_user_id: 'b-anna',
        direction: 'debit',
        amount: '4.25',
        resulting_balance: '5.75',
      },
      { idempotency_key: uniqueKey(), external_user_id: 'b-nobody', direction: 'credit', amount: '1' },
      { idempotency_key: uniqueKey(), external_user_id: 'b-anna', direction: 'credit', amount: 1 },
      { external_user_id: 'b-anna', direction: 'credit', amount: '1' },
      { idempotency_key: 'has:colon', external_user_id: 'b-anna', direction: 'credit', amount: '1' },
      'not an object',
    ]);
    expect(res.status).toBe(200);
    const results = res.json.results;
    expect(results.map((r: any) => [r.status, r.body.error ?? r.body.balance])).toEqual([
      [200, '10.00'],
      [409, 'would_overdraw'],
      [200, '5.75'],
      [404, 'unknown_user'],
      [400, 'validation_failed'],
      [400, 'idempotency_key_required'],
      [400, 'validation_failed'],
      [400, 'validation_failed'],
    ]);
    expect(results[0].body).toEqual({ transaction_id: expect.any(String), balance: '10.00' });
    expect(results[1].body.request_id).toBe(res.headers.get('x-request-id'));
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('shares keys with single requests: an item replays a single answer and the reverse', async () => {
    await registerUser(service, tenant.sandboxKey, 'b-ben');
    const key = uniqueKey();
    const single = await sync(
      service,
      tenant.sandboxKey,
      { external_user_id: 'b-ben', direction: 'credit', amount: '3.00' },
      key,
    );
    const res = await batch([{ idempotency_key: key, external_user_id: 'b-ben', direction: 'credit', amount: '3.00' }]);
    expect(res.json.results[0]).toEqual({ status: 200, body: single.json });
    expect(res.text).toContain(single.text);
    const itemKey = uniqueKey();
    const viaBatch = await batch([
      { idempotency_key: itemKey, external_user_id: 'b-ben', direction: 'debit', amount: '1.00' },
    ]);
    const viaSingle = await sync(
      service,
      tenant.sandboxKey,
      { external_user_id: 'b-ben', direction: 'debit', amount: '1.00' },
      itemKey,
    );
    expect(viaSingle.json).toEqual(viaBatch.json.results[0].body);
    expectEnvelope(
      await sync(
        service,
        tenant.sandboxKey,
        { external_user_id: 'b-ben', direction: 'debit', amount: '2.00' },
        itemKey,
      ),
      'idempotency_key_reused',
      422,
    );
    expect((await service.api('sandbox', 'GET', '/v1/users/b-ben', { key: tenant.sandboxKey })).json.balance).toBe(
      '2.00',
    );
  });

  it('answers a key repeated inside one batch like a retry of its first use', async () => {
    await registerUser(service, tenant.sandboxKey, 'b-cleo');
    const key = uniqueKey();
    const item = { idempotency_key: key, external_user_id: 'b-cleo', direction: 'credit', amount: '2' };
    const res = await batch([item, item, { ...item, amount: '3' }]);
    const [first, second, third] = res.json.results;
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(third.status).toBe(422);
    expect(third.body.error).toBe('idempotency_key_reused');
    expect((await service.api('sandbox', 'GET', '/v1/users/b-cleo', { key: tenant.sandboxKey })).json.balance).toBe(
      '2.00',
    );
  });

  it('replays the whole answer byte for byte for the batch key, and refuses the key with another body', async () => {
    await registerUser(service, tenant.sandboxKey, 'b-dora');
    const key = uniqueKey('batch');
    const items = [{ idempotency_key: uniqueKey(), external_user_id: 'b-dora', direction: 'credit', amount: '1' }];
    const first = await batch(items, key);
    const again = await batch(items, key);
    expect(again.text).toBe(first.text);
    expectEnvelope(await batch([{ ...items[0], amount: '2' }], key), 'idempotency_key_reused', 422);
    expect((await service.api('sandbox', 'GET', '/v1/users/b-dora', { key: tenant.sandboxKey })).json.balance).toBe(
      '1.00',
    );
  });

  it('does not spend the key of an unknown-user item', async () => {
    const key = uniqueKey();
    const item = { idempotency_key: key, external_user_id: 'b-late', direction: 'credit', amount: '4' };
    expect((await batch([item])).json.results[0].status).toBe(404);
    await registerUser(service, tenant.sandboxKey, 'b-late');
    expect((await batch([item])).json.results[0]).toMatchObject({ status: 200, body: { balance: '4.00' } });
  });

  it('takes 1 to 500 items; more, none, or a malformed wrapper is 400 and changes nothing', async () => {
    await registerUser(service, tenant.sandboxKey, 'b-eve');
    const item = () => ({
      idempotency_key: uniqueKey(),
      external_user_id: 'b-eve',
      direction: 'credit',
      amount: '0.01',
    });
    const full = await batch(Array.from({ length: 500 }, item));
    expect(full.status).toBe(200);
    expect(full.json.results).toHaveLength(500);
    expect(full.json.results.every((r: any) => r.status === 200)).toBe(true);
    expect((await service.api('sandbox', 'GET', '/v1/users/b-eve', { key: tenant.sandboxKey })).json.balance).toBe(
      '5.00',
    );
    expectEnvelope(await batch(Array.from({ length: 501 }, item)), 'validation_failed', 400);
    expectEnvelope(await batch([]), 'validation_failed', 400);
    const noItems = await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
      key: tenant.sandboxKey,
      body: { movements: [] },
      idempotencyKey: uniqueKey(),
    });
    expectEnvelope(noItems, 'validation_failed', 400);
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
        key: tenant.sandboxKey,
        body: { items: [item()] },
      }),
      'idempotency_key_required',
      400,
    );
    expect((await service.api('sandbox', 'GET', '/v1/users/b-eve', { key: tenant.sandboxKey })).json.balance).toBe(
      '5.00',
    );
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('touches only users of its own tenant environment', async () => {
    const other = await createTenant(service);
    await registerUser(service, tenant.sandboxKey, 'b-fred');
    const res = await batch(
      [{ idempotency_key: uniqueKey(), external_user_id: 'b-fred', direction: 'credit', amount: '1' }],
      uniqueKey(),
      other.sandboxKey,
    );
    expect(res.json.results[0].status).toBe(404);
    expect((await service.api('sandbox', 'GET', '/v1/users/b-fred', { key: tenant.sandboxKey })).json.balance).toBe(
      '0.00',
    );
  });
});

describe('a batch with an item another request still holds', () => {
  it('answers 409 in progress for that item and keeps the batch key unspent, so a retry gets the real answer', async () => {
    await registerUser(service, tenant.sandboxKey, 'b-held');
    const heldKey = uniqueKey();
    const held = { idempotency_key: heldKey, external_user_id: 'b-held', direction: 'credit', amount: '1.00' };
    const free = { idempotency_key: uniqueKey(), external_user_id: 'b-held', direction: 'credit', amount: '2.00' };
    const { fingerprint } = await import('../src/domains/idempotency/fingerprint.js');
    const { idempotency_key: _k, ...fields } = held;
    await service.db
      .insertInto('idempotency_keys')
      .values({
        tenant_id: tenant.tenantId,
        environment: 'sandbox',
        principal: 'operator',
        operation: 'balance_sync',
        key: heldKey,
        request_hash: fingerprint(fields),
        state: 'in_progress',
        holder: '00000000-0000-4000-8000-000000000002',
        locked_until: new Date(Date.now() + 60_000),
        created_at: new Date(),
      })
      .execute();
    const batchKey = uniqueKey('batch');
    const first = await batch([held, free], batchKey);
    expect(first.json.results.map((r: any) => [r.status, r.body.error ?? r.body.balance])).toEqual([
      [409, 'idempotency_key_in_progress'],
      [200, '2.00'],
    ]);
    // The other request finishes (here: its reservation is given up).
    await service.db.deleteFrom('idempotency_keys').where('key', '=', heldKey).execute();
    const retry = await batch([held, free], batchKey);
    expect(retry.json.results.map((r: any) => [r.status, r.body.balance])).toEqual([
      [200, '3.00'],
      [200, '2.00'],
    ]);
    expect(retry.json.results[1]).toEqual(first.json.results[1]);
    expect((await batch([held, free], batchKey)).text).toBe(retry.text);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
