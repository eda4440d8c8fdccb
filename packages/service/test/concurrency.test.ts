import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
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

let service: TestService;
let tenant: TestTenant;
const clock = new FakeClock(new Date());

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('concurrent balance syncs', () => {
  it('apply a key once when many requests carry it at the same time', async () => {
    await registerUser(service, tenant.sandboxKey, 'c-one');
    const key = uniqueKey();
    const body = { external_user_id: 'c-one', direction: 'credit', amount: '5.00' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => sync(service, tenant.sandboxKey, body, key)));
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.text)).size).toBe(1);
    for (const a of busy) {
      expect(a.json.error).toBe('idempotency_key_in_progress');
      expect(a.headers.get('retry-after')).toBe('1');
    }
    expect((await service.api('sandbox', 'GET', '/v1/users/c-one', { key: tenant.sandboxKey })).json.balance).toBe(
      '5.00',
    );
  });

  it('apply exactly 10 of 40 concurrent debits of 1.00 against a balance of 10.00', async () => {
    await registerUser(service, tenant.sandboxKey, 'c-ten');
    await sync(service, tenant.sandboxKey, { external_user_id: 'c-ten', direction: 'credit', amount: '10.00' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        sync(service, tenant.sandboxKey, { external_user_id: 'c-ten', direction: 'debit', amount: '1.00' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409 && a.json.error === 'would_overdraw')).toHaveLength(30);
    expect((await service.api('sandbox', 'GET', '/v1/users/c-ten', { key: tenant.sandboxKey })).json.balance).toBe(
      '0.00',
    );
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('apply concurrent batches over overlapping users without deadlock or lost updates', async () => {
    const users = ['c-a', 'c-b', 'c-c', 'c-d'];
    for (const u of users) await registerUser(service, tenant.sandboxKey, u);
    const batches = Array.from({ length: 12 }, (_, n) =>
      service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
        key: tenant.sandboxKey,
        idempotencyKey: uniqueKey('batch'),
        // Each batch names the users in a different order: the lock order, not the item order, prevents deadlock.
        body: {
          items: [...users.slice(n % 4), ...users.slice(0, n % 4)].map((u) => ({
            idempotency_key: uniqueKey(),
            external_user_id: u,
            direction: 'credit',
            amount: '1.00',
          })),
        },
      }),
    );
    const answers = await Promise.all(batches);
    expect(answers.every((a) => a.status === 200 && a.json.results.every((r: any) => r.status === 200))).toBe(true);
    for (const u of users)
      expect((await service.api('sandbox', 'GET', `/v1/users/${u}`, { key: tenant.sandboxKey })).json.balance).toBe(
        '12.00',
      );
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('let a request take over a key whose earlier holder never finished once the reservation expires', async () => {
    await registerUser(service, tenant.sandboxKey, 'c-lost');
    const key = uniqueKey();
    const body = { external_user_id: 'c-lost', direction: 'credit', amount: '1.00' };
    // A reservation left by a request that died between reserving and committing.
    await service.db
      .insertInto('idempotency_keys')
      .values({
        tenant_id: tenant.tenantId,
        environment: 'sandbox',
        principal: 'operator',
        operation: 'balance_sync',
        key,
        request_hash: Buffer.alloc(32),
        state: 'in_progress',
        holder: '00000000-0000-4000-8000-000000000001',
        locked_until: new Date(clock.now().getTime() + 30_000),
        created_at: new Date(clock.now().getTime() - 5_000),
      })
      .execute();
    // The stored hash differs from this body's, but an unfinished reservation is not a stored answer.
    const busy = await sync(service, tenant.sandboxKey, body, key);
    expect(busy.status).toBe(422);
    await service.db
      .updateTable('idempotency_keys')
      .set({ request_hash: await fingerprintOf(body) })
      .where('key', '=', key)
      .execute();
    const stillBusy = await sync(service, tenant.sandboxKey, body, key);
    expect(stillBusy.status).toBe(409);
    expect(stillBusy.json.error).toBe('idempotency_key_in_progress');
    expect(Number(stillBusy.headers.get('retry-after'))).toBe(30);
    clock.advance(30_001);
    const taken = await sync(service, tenant.sandboxKey, body, key);
    expect(taken.status).toBe(200);
    expect(taken.json.balance).toBe('1.00');
  });
});

async function fingerprintOf(body: Record<string, string>): Promise<Buffer> {
  const { fingerprint } = await import('../src/domains/idempotency/fingerprint.js');
  return fingerprint(body);
}
