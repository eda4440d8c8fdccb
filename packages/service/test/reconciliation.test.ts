import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { runReconciliation } from '../src/domains/reconciliation/index.js';
import { deliverDue, verifySignature } from '../src/domains/webhooks/index.js';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, expectLedgerInvariant, sync, uniqueKey, type TestService } from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';
import { startReceiver } from './receiver.js';
import { listedOf, ofTenant, reconciliationHelpers, UUID, type Move } from './reconciliation-helpers.js';

/**
 * Reconciliation (docs/operator-api.md, "Reconciliation"). A run reads every user of the database, so this file has a
 * database of its own; counts are compared between runs, since earlier tests' users stay.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;

beforeAll(async () => {
  service = await startServiceOnOwnDatabase({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
});
afterAll(() => service?.stop());

const { userWith, runNow, listAll, eventsOf } = reconciliationHelpers(() => service);

describe('a reconciliation run', () => {
  it('counts agreeing users as checked and users without evidence as unverifiable, and reports neither', async () => {
    const before = await runNow();
    const tenant = await createTenant(service);
    await userWith(tenant, [{ direction: 'credit', amount: '100.00', resulting_balance: '100.00' }]);
    await userWith(tenant, [
      { direction: 'credit', amount: '50.00', resulting_balance: '50' },
      { direction: 'debit', amount: '20.00', resulting_balance: '30.00' },
    ]);
    // The last request with a resulting_balance agrees; the later one without says nothing.
    await userWith(tenant, [
      { direction: 'credit', amount: '10.00', resulting_balance: '10.00' },
      { direction: 'credit', amount: '5.00' },
    ]);
    await userWith(tenant, []);
    await userWith(tenant, [{ direction: 'credit', amount: '10.00' }], { environment: 'live' });

    const after = await runNow();
    expect(Object.keys(after).sort()).toEqual(
      [
        'discrepancies',
        'discrepancies_found',
        'finished_at',
        'report_id',
        'started_at',
        'unverifiable',
        'users_checked',
      ].sort(),
    );
    expect(after.report_id).toMatch(UUID);
    expect(after.started_at).toBe('2026-06-01T12:00:00.000Z');
    expect(after.finished_at).toBe('2026-06-01T12:00:00.000Z');
    expect(after.users_checked - before.users_checked).toBe(3);
    expect(after.unverifiable - before.unverifiable).toBe(2);
    expect(ofTenant(after, tenant)).toEqual([]);
    expect(await listAll(tenant)).toEqual([]);

    const row = await service.db
      .selectFrom('reconciliation_runs')
      .selectAll()
      .where('id', '=', after.report_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      trigger: 'platform',
      started_at: new Date(after.started_at),
      finished_at: new Date(after.finished_at),
      users_checked: BigInt(after.users_checked),
      unverifiable: BigInt(after.unverifiable),
      discrepancies: BigInt(after.discrepancies_found),
    });
  });

  it('reports a resulting_balance that disagrees, with delta = ledger − operator in either sign', async () => {
    const tenant = await createTenant(service);
    const low = await userWith(tenant, [{ direction: 'credit', amount: '100.00', resulting_balance: '90.00' }]);
    const high = await userWith(tenant, [{ direction: 'credit', amount: '100.00', resulting_balance: '120.50' }]);

    const run = await runNow();
    const expected = [
      { user: low, ledger: '100.00', operator: '90.00', delta: '10.00' },
      { user: high, ledger: '100.00', operator: '120.50', delta: '-20.50' },
    ].map(({ user, ledger, operator, delta }) => ({
      discrepancy_id: expect.stringMatching(UUID),
      report_id: run.report_id,
      external_user_id: user.id,
      ledger_balance: ledger,
      operator_balance: operator,
      delta,
      idempotency_key: user.keys[0],
      created_at: '2026-06-01T12:00:00.000Z',
    }));
    const found = ofTenant(run, tenant);
    expect(found).toHaveLength(2);
    expect(found).toEqual(
      expect.arrayContaining(expected.map((e) => ({ ...e, tenant_id: tenant.tenantId, environment: 'sandbox' }))),
    );
    expect(run.discrepancies_found).toBeGreaterThanOrEqual(2);

    const listed = await listAll(tenant);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining(expected));
    for (const item of listed) expect(found.map((f) => f.discrepancy_id)).toContain(item.discrepancy_id);
  });

  it('reads a would_overdraw refusal without a resulting_balance as ledger minus the refused debit, even below zero', async () => {
    const tenant = await createTenant(service);
    const bare = await userWith(tenant, [
      { direction: 'credit', amount: '10.00' },
      { direction: 'debit', amount: '25.00' },
    ]);
    // A refusal that carries a resulting_balance is compared with it.
    const told = await userWith(tenant, [
      { direction: 'credit', amount: '10.00', resulting_balance: '10.00' },
      { direction: 'debit', amount: '25.00', resulting_balance: '5.00' },
    ]);
    const run = await runNow();
    const byUser = new Map(ofTenant(run, tenant).map((d) => [d.external_user_id, d]));
    expect(byUser.size).toBe(2);
    expect(byUser.get(bare.id)).toMatchObject({
      ledger_balance: '10.00',
      operator_balance: '-15.00',
      delta: '25.00',
      idempotency_key: bare.keys[1],
    });
    expect(byUser.get(told.id)).toMatchObject({
      ledger_balance: '10.00',
      operator_balance: '5.00',
      delta: '5.00',
      idempotency_key: told.keys[1],
    });
  });

  it('lets a later agreeing sync supersede an earlier disagreement, and reports a later disagreement anew', async () => {
    const tenant = await createTenant(service);
    const settled = await userWith(tenant, [
      { direction: 'credit', amount: '100.00', resulting_balance: '90.00' },
      { direction: 'credit', amount: '10.00', resulting_balance: '110.00' },
    ]);
    const drifting = await userWith(tenant, [{ direction: 'credit', amount: '100.00', resulting_balance: '90.00' }]);
    const first = await runNow();
    expect(ofTenant(first, tenant).map((d) => d.external_user_id)).toEqual([drifting.id]);

    const key = (move: Move) =>
      sync(service, tenant.sandboxKey, { external_user_id: drifting.id, ...move }, uniqueKey('later'));
    expect((await key({ direction: 'credit', amount: '10.00', resulting_balance: '110.00' })).status).toBe(200);
    expect(ofTenant(await runNow(), tenant)).toEqual([]);

    const laterKey = uniqueKey('drift');
    const drift = { external_user_id: drifting.id, direction: 'debit', amount: '5.00', resulting_balance: '100.00' };
    expect((await sync(service, tenant.sandboxKey, drift, laterKey)).status).toBe(200);
    const third = await runNow();
    expect(ofTenant(third, tenant)).toEqual([
      expect.objectContaining({ idempotency_key: laterKey, ledger_balance: '105.00', delta: '5.00' }),
    ]);
    const listed = await listAll(tenant);
    expect(listed.map((d) => [d.external_user_id, d.idempotency_key, d.report_id])).toEqual([
      [drifting.id, drifting.keys[0], first.report_id],
      [drifting.id, laterKey, third.report_id],
    ]);
    expect(listed.some((d) => d.external_user_id === settled.id)).toBe(false);
  });

  it('reports each request once however often runs repeat, with one event each', async () => {
    const tenant = await createTenant(service);
    const user = await userWith(tenant, [{ direction: 'credit', amount: '40.00', resulting_balance: '0' }]);
    const first = await runNow();
    expect(ofTenant(first, tenant)).toHaveLength(1);
    expect(ofTenant(await runNow(), tenant)).toEqual([]);
    expect(ofTenant(await runNow(), tenant)).toEqual([]);

    const [item] = ofTenant(first, tenant);
    expect(await listAll(tenant)).toHaveLength(1);
    expect(await eventsOf(tenant)).toEqual([
      {
        discrepancy_id: item.discrepancy_id,
        report_id: first.report_id,
        external_user_id: user.id,
        ledger_balance: '40.00',
        operator_balance: '0.00',
        delta: '40.00',
      },
    ]);
  });

  it('reports each request once when runs overlap', async () => {
    const tenant = await createTenant(service);
    const drifted = async (count: number) => {
      const users: { id: string; keys: string[] }[] = [];
      for (let i = 0; i < count; i++)
        users.push(await userWith(tenant, [{ direction: 'credit', amount: '3.00', resulting_balance: '2.00' }]));
      return users;
    };

    const viaApi = await drifted(12);
    const twoRuns = await Promise.all([runNow(), runNow()]);
    const apiFound = twoRuns.flatMap((run) => ofTenant(run, tenant).map((d) => d.idempotency_key));
    expect(apiFound.sort()).toEqual(viaApi.map((u) => u.keys[0]).sort());

    // Four runs at once with small pages, so that they meet on the same requests in different batches.
    const viaVerb = await drifted(20);
    const runs = await Promise.all(
      [1, 2, 3, 4].map(() => runReconciliation(service.system(), 'platform', { pageSize: 3, writeBatch: 2 })),
    );
    const verbFound = runs.flatMap((run) => listedOf(run, tenant).map((d) => d.idempotencyKey));
    expect(verbFound.sort()).toEqual(viaVerb.map((u) => u.keys[0]).sort());

    expect(await listAll(tenant)).toHaveLength(32);
    expect(await eventsOf(tenant)).toHaveLength(32);
  });

  it('answers every discrepancy it found in its count, and lists at most the first ones', async () => {
    const tenant = await createTenant(service);
    for (let i = 0; i < 5; i++)
      await userWith(tenant, [{ direction: 'credit', amount: '1.00', resulting_balance: '2.00' }]);
    const run = await runReconciliation(service.system(), 'platform', { listLimit: 3 });
    expect(run.discrepancies).toBe(5);
    expect(run.listed).toHaveLength(3);
    const all = await service.platform(
      'GET',
      `/platform/v1/reconciliation/discrepancies?report_id=${run.id}&tenant_id=${tenant.tenantId}`,
    );
    expect(all.json.data).toHaveLength(5);
  });

  it('counts the same whatever the page size', async () => {
    const tenant = await createTenant(service);
    await userWith(tenant, [{ direction: 'credit', amount: '1.00', resulting_balance: '1.00' }]);
    await userWith(tenant, []);
    const small = await runReconciliation(service.system(), 'platform', { pageSize: 2 });
    const large = await runNow();
    expect([small.usersChecked, small.unverifiable]).toEqual([large.users_checked, large.unverifiable]);
  });

  it("sends a signed reconciliation.discrepancy to the tenant environment's webhook receiver", async () => {
    const receiver = await startReceiver();
    try {
      const tenant = await createTenant(service);
      const path = `/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
      expect((await service.platform('PUT', path, { webhook_url: receiver.url })).status).toBe(200);
      const secret = (await service.platform('POST', `${path}/webhook-secret`)).json.webhook_secret as string;
      const user = await userWith(tenant, [
        { direction: 'credit', amount: '20.00', resulting_balance: '20.00' },
        { direction: 'debit', amount: '30.00' },
      ]);
      clock.advance(60_000);
      const run = await runNow();
      const [item] = ofTenant(run, tenant);
      const ports = { transport: service.deps.webhookTransport, keepGoing: () => service.deps.isReady() };
      await deliverDue(service.system(), ports, { timeoutMs: 2_000 });

      const received = receiver.received.filter((r) => r.headers['x-webhook-event'] === 'reconciliation.discrepancy');
      expect(received).toHaveLength(1);
      const [delivery] = received;
      expect(verifySignature(secret, delivery!.raw, delivery!.headers['x-webhook-signature'] as string)).toBe(true);
      expect(delivery!.json).toEqual({
        id: delivery!.headers['x-webhook-delivery'],
        event: 'reconciliation.discrepancy',
        occurred_at: '2026-06-01T12:01:00.000Z',
        data: {
          discrepancy_id: item.discrepancy_id,
          report_id: run.report_id,
          external_user_id: user.id,
          ledger_balance: '20.00',
          operator_balance: '-10.00',
          delta: '30.00',
        },
      });
    } finally {
      await receiver.close();
    }
  });

  it('leaves the ledger as it was', async () => {
    const tenant = await createTenant(service);
    await userWith(tenant, [
      { direction: 'credit', amount: '10.00', resulting_balance: '12.00' },
      { direction: 'debit', amount: '50.00' },
    ]);
    const ledger = async () =>
      (
        await sql<{ n: string; balances: string | null }>`
          select (select count(*) from transactions where tenant_id = ${tenant.tenantId})::text as n,
                 (select sum(balance_minor) from users where tenant_id = ${tenant.tenantId})::text as balances`.execute(
          service.db,
        )
      ).rows[0];
    const before = await ledger();
    expect(ofTenant(await runNow(), tenant)).toHaveLength(1);
    expect(await ledger()).toEqual(before);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
