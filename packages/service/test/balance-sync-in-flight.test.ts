import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
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

/**
 * A sync's key is claimed by a lock of its engine round's transaction, not by a committed reservation.
 * These tests keep a first request in flight by holding its user's row from a connection of their own,
 * as a slow transaction (a settlement) would: the engine puts the sync back round after round, then takes
 * the user's lock waiting. They send what a client could send meanwhile.
 */

let service: TestService;
let tenant: TestTenant;
const clients: pg.Client[] = [];

beforeAll(async () => {
  service = await startTestService();
  tenant = await createTenant(service);
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => {});
});
afterAll(() => service.stop());

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  clients.push(client);
  return client;
}

/** Holds the user's row until `release` (rolled back): a sync of that user stays in flight meanwhile. */
async function holdUser(externalUserId: string): Promise<{ release(): Promise<void> }> {
  const client = await connect();
  await client.query('begin');
  await client.query('select 1 from users where tenant_id = $1 and external_user_id = $2 for update', [
    tenant.tenantId,
    externalUserId,
  ]);
  return { release: async () => void (await client.query('rollback')) };
}

/** Waits until `count` engine rounds wait on a user's row lock (a sync put back too often takes it waiting). */
async function untilWaiting(count: number): Promise<void> {
  const observer = await connect();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await observer.query(
      `select count(*)::int as n from pg_stat_activity
       where wait_event_type = 'Lock' and datname = current_database() and query like '%for update of u%'`,
    );
    if (rows[0].n >= count) return;
    if (Date.now() > deadline) throw new Error(`${count} syncs never came to wait on a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const balanceOf = async (user: string) =>
  (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey })).json.balance;

describe('a duplicate of a sync in flight', () => {
  it('answers 409 idempotency_key_in_progress with Retry-After, then the first answer byte for byte', async () => {
    await registerUser(service, tenant.sandboxKey, 'flight-a');
    const key = uniqueKey();
    const body = { external_user_id: 'flight-a', direction: 'credit', amount: '8.00' };
    const held = await holdUser('flight-a');
    const first = sync(service, tenant.sandboxKey, body, key);
    await untilWaiting(1);

    const duplicate = await sync(service, tenant.sandboxKey, body, key);
    expectEnvelope(duplicate, 'idempotency_key_in_progress', 409);
    expect(duplicate.headers.get('retry-after')).toBe('1');
    // The same key with another body is refused the same way: nothing is stored to compare it with yet.
    const other = await sync(service, tenant.sandboxKey, { ...body, amount: '9.00' }, key);
    expectEnvelope(other, 'idempotency_key_in_progress', 409);
    // As a batch item: that item is in progress, and the batch's own key is not spent.
    const batchKey = uniqueKey('batch');
    const items = [{ idempotency_key: key, ...body }];
    const batch = () =>
      service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
        key: tenant.sandboxKey,
        idempotencyKey: batchKey,
        body: { items },
      });
    const busyBatch = await batch();
    expect(busyBatch.status).toBe(200);
    expect(busyBatch.json.results[0]).toMatchObject({ status: 409, body: { error: 'idempotency_key_in_progress' } });

    await held.release();
    const answered = await first;
    expect(answered.status).toBe(200);
    expect(answered.json.balance).toBe('8.00');
    expect((await sync(service, tenant.sandboxKey, body, key)).text).toBe(answered.text);
    expect((await batch()).text).toBe(`{"results":[{"status":200,"body":${answered.text}}]}`);
    expectEnvelope(
      await sync(service, tenant.sandboxKey, { ...body, amount: '9.00' }, key),
      'idempotency_key_reused',
      422,
    );
    expect(await balanceOf('flight-a')).toBe('8.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('leaves other keys of the same user to wait their turn and apply in order', async () => {
    await registerUser(service, tenant.sandboxKey, 'flight-b');
    const held = await holdUser('flight-b');
    const credit = sync(service, tenant.sandboxKey, { external_user_id: 'flight-b', direction: 'credit', amount: '5' });
    await untilWaiting(1);
    const debit = sync(service, tenant.sandboxKey, { external_user_id: 'flight-b', direction: 'debit', amount: '5' });
    // The debit waits behind the credit, in this process's queue: it would overdraw if it went first.
    const pending = await Promise.race([debit.then(() => 'answered'), sleep(300).then(() => 'pending')]);
    expect(pending).toBe('pending');
    await held.release();
    expect([(await credit).status, (await debit).status]).toEqual([200, 200]);
    expect(await balanceOf('flight-b')).toBe('0.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('a key whose advisory lock another transaction holds (keys-in-transaction.ts keyName)', () => {
  it('is in progress for a single sync and a batch item alike, and free once the lock is let go', async () => {
    await registerUser(service, tenant.sandboxKey, 'flight-d');
    const key = uniqueKey();
    const body = { external_user_id: 'flight-d', direction: 'credit', amount: '2.50' };
    const holder = await connect();
    await holder.query('begin');
    const name = JSON.stringify([tenant.tenantId, 'sandbox', 'operator', 'balance_sync', key]);
    await holder.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
    expectEnvelope(await sync(service, tenant.sandboxKey, body, key), 'idempotency_key_in_progress', 409);
    const batch = await service.api('sandbox', 'POST', '/v1/balance-sync/batch', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey('batch'),
      body: { items: [{ idempotency_key: key, ...body }] },
    });
    expect(batch.json.results[0]).toMatchObject({ status: 409, body: { error: 'idempotency_key_in_progress' } });
    expect(await balanceOf('flight-d')).toBe('0.00');
    await holder.query('rollback');
    expect((await sync(service, tenant.sandboxKey, body, key)).json.balance).toBe('2.50');
  });
});

describe('a key reserved by the reserve-first path of earlier versions while a round applies it', () => {
  it('rolls the whole round back: nothing applied, nothing recorded, and the reservation stands', async () => {
    await registerUser(service, tenant.sandboxKey, 'flight-c');
    const key = uniqueKey();
    const held = await holdUser('flight-c');
    const inFlight = sync(
      service,
      tenant.sandboxKey,
      { external_user_id: 'flight-c', direction: 'credit', amount: '1' },
      key,
    );
    await untilWaiting(1);
    // What a process still on the old path does during an upgrade: reserve the key and commit.
    await sql`
      insert into idempotency_keys (tenant_id, environment, principal, operation, key, request_hash, state, holder,
                                    locked_until, created_at)
      values (${tenant.tenantId}, 'sandbox', 'operator', 'balance_sync', ${key}, '\\x00', 'in_progress',
              '00000000-0000-4000-8000-000000000003', now() + interval '1 hour', now())`.execute(service.db);
    await held.release();
    expectEnvelope(await inFlight, 'internal_error', 500);
    expect(await balanceOf('flight-c')).toBe('0.00');
    const records = await sql<{ n: number }>`
      select count(*)::int as n from balance_syncs where tenant_id = ${tenant.tenantId} and idempotency_key = ${key}`.execute(
      service.db,
    );
    expect(records.rows[0]!.n).toBe(0);
    const row = await sql<{ state: string }>`
      select state from idempotency_keys where tenant_id = ${tenant.tenantId} and key = ${key}`.execute(service.db);
    expect(row.rows).toEqual([{ state: 'in_progress' }]);
  });
});
