import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCronItems, type JobHelpers } from 'graphile-worker';
import { SCOPES } from '../src/domains/api-keys/model/scopes.js';
import { cronItems, JOBS, taskList } from '../src/jobs/tasks.js';
import { FakeClock } from '../src/lib/clock.js';
import { createTenant, expectEnvelope, uniqueKey, type TestService } from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';
import { reconciliationHelpers } from './reconciliation-helpers.js';

/**
 * Reconciliation's lists and its daily run. A run reads every user of the database, so this file has a
 * database of its own; counts are compared between runs, since earlier tests' users stay.
 */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;

beforeAll(async () => {
  service = await startServiceOnOwnDatabase({ clock, env: { ALLOW_INSECURE_WEBHOOKS: '1' } });
});
afterAll(() => service?.stop());

const { userWith, runNow, list, listAll } = reconciliationHelpers(() => service);

describe('the discrepancy lists', () => {
  it("give a tenant its own environment's discrepancies only, oldest first, page by page, and one user's", async () => {
    const a = await createTenant(service);
    const b = await createTenant(service);
    const drift = [{ direction: 'credit' as const, amount: '5.00', resulting_balance: '4.00' }];
    const shared = uniqueKey('both');
    const s1 = await userWith(a, drift, { id: shared });
    const s2 = await userWith(a, drift);
    const l1 = await userWith(a, drift, { id: shared, environment: 'live' });
    const b1 = await userWith(b, drift);
    const run = await runNow();

    const sandbox = await listAll(a);
    expect(sandbox.map((d) => d.idempotency_key).sort()).toEqual([s1.keys[0], s2.keys[0]].sort());
    expect((await listAll(a, '', 'live')).map((d) => d.idempotency_key)).toEqual([l1.keys[0]]);
    expect((await listAll(b)).map((d) => d.idempotency_key)).toEqual([b1.keys[0]]);
    expect((await listAll(a, `&external_user_id=${shared}`)).map((d) => d.idempotency_key)).toEqual([s1.keys[0]]);
    expect(await listAll(a, '&external_user_id=nobody-here')).toEqual([]);
    for (const item of sandbox)
      expect(Object.keys(item).sort()).toEqual(
        [
          'created_at',
          'delta',
          'discrepancy_id',
          'external_user_id',
          'idempotency_key',
          'ledger_balance',
          'operator_balance',
          'report_id',
        ].sort(),
      );

    const first = await list(a, '?limit=1');
    expect(first.json.data).toEqual([sandbox[0]]);
    expect(first.json.next_cursor).toEqual(expect.any(String));
    const second = await list(a, `?limit=1&cursor=${first.json.next_cursor}`);
    expect(second.json).toEqual({ data: [sandbox[1]], next_cursor: null });

    const platform = async (query: string) => {
      const res = await service.platform('GET', `/platform/v1/reconciliation/discrepancies${query}`);
      expect(res.status, res.text).toBe(200);
      return res.json.data as any[];
    };
    const ofA = await platform(`?tenant_id=${a.tenantId}`);
    expect(ofA.map((d) => [d.environment, d.idempotency_key]).sort()).toEqual(
      [
        ['live', l1.keys[0]],
        ['sandbox', s1.keys[0]],
        ['sandbox', s2.keys[0]],
      ].sort(),
    );
    expect(ofA.every((d) => d.tenant_id === a.tenantId && d.report_id === run.report_id)).toBe(true);
    expect((await platform(`?tenant_id=${a.tenantId}&environment=live`)).map((d) => d.idempotency_key)).toEqual([
      l1.keys[0],
    ]);
    const ofRun = await platform(`?report_id=${run.report_id}`);
    expect(ofRun.map((d) => d.idempotency_key).sort()).toEqual([s1.keys[0], s2.keys[0], l1.keys[0], b1.keys[0]].sort());
    expect(ofRun.length).toBe(run.discrepancies_found);
  });

  it('need the read:reports scope', async () => {
    const without = await createTenant(
      service,
      SCOPES.filter((s) => s !== 'read:reports'),
    );
    expectEnvelope(await list(without), 'insufficient_scope', 403);
    const only = await createTenant(service, ['read:reports']);
    expect((await list(only)).status).toBe(200);
  });

  it('answer bad query input with 400 validation_failed', async () => {
    const tenant = await createTenant(service);
    for (const query of [
      '?limit=0',
      '?limit=501',
      '?limit=ten',
      '?limit=1.5',
      '?cursor=nope',
      `?cursor=${Buffer.from('s99999999999999999999').toString('base64url')}`,
      '?external_user_id=someone%40example.com',
      '?external_user_id=',
      `?external_user_id=${'x'.repeat(65)}`,
    ])
      expectEnvelope(await list(tenant, query), 'validation_failed', 400);
    for (const query of [
      '?report_id=not-a-uuid',
      '?tenant_id=1',
      '?environment=production',
      '?limit=-1',
      '?cursor=%25%25',
    ])
      expectEnvelope(
        await service.platform('GET', `/platform/v1/reconciliation/discrepancies${query}`),
        'validation_failed',
        400,
      );
  });
});

describe('the daily run', () => {
  it('is a cron item at 02:00 UTC that runs reconciliation with trigger schedule', async () => {
    const item = cronItems.find((i) => i.task === JOBS.reconcile)!;
    expect(item.match).toBe('0 2 * * *');
    const [parsed] = parseCronItems([item]);
    const at = (hour: number, min: number) => parsed!.match({ min, hour, date: 5, month: 6, dow: 5 });
    expect([at(2, 0), at(2, 1), at(1, 0), at(14, 0)]).toEqual([true, false, false, false]);

    await taskList(service.deps)[JOBS.reconcile]!({}, {} as JobHelpers);
    const latest = await service.db
      .selectFrom('reconciliation_runs')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('finished_at', 'desc')
      .where('trigger', '=', 'schedule')
      .execute();
    expect(latest).toHaveLength(1);
    expect(latest[0]!.finished_at).not.toBeNull();
  });
});
