import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../src/jobs/tasks.js';
import { createTenant, registerUser, uniqueKey, type TestService, type TestTenant } from './helpers.js';
import { startServiceOnOwnDatabase } from './own-database.js';

/**
 * A report is generated promptly however busy the other background jobs are: report generation has a
 * runner of its own, so jobs that hold every slot of the main runner (the webhook pass holds one for 55 s;
 * slow sweeps, purges or a reconciliation the others) do not delay it. On a database of its own: the held
 * jobs would otherwise block the job runners of every other test file on the shared one.
 */
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startServiceOnOwnDatabase({ env: { RUN_WORKERS: '1' } });
  tenant = await createTenant(service);
  await registerUser(service, tenant.sandboxKey, 'pickup-user');
}, 60_000);
afterAll(() => service?.stop());

/** The held jobs running (locked by a worker) and still waiting for a slot. */
const heldJobs = async () => {
  const rows = await sql<{ locked: boolean; n: string }>`
    select j.locked_at is not null as locked, count(*) as n from graphile_worker._private_jobs j
    join graphile_worker._private_tasks t on t.id = j.task_id
    where t.identifier = ${JOBS.purgeErrorReports} and j.key like 'held-%'
    group by 1`.execute(service.db);
  const count = (locked: boolean) => Number(rows.rows.find((r) => r.locked === locked)?.n ?? 0);
  return { running: count(true), waiting: count(false) };
};

describe('report pickup', () => {
  it('generates a small report within seconds while long jobs hold every slot of the main runner', async () => {
    // Purge jobs that cannot finish while this connection holds the day counters' table (a purge ends by
    // deleting old counters, and waits for the lock), more than the main runner has slots: with the webhook
    // pass in one slot, three run and wait, two wait for a slot. Nothing is left for another job there.
    const held = await service.db.connection().execute(async (db) => {
      await sql`begin`.execute(db);
      try {
        await sql`lock table widget_error_report_days in exclusive mode`.execute(db);
        for (let i = 0; i < 5; i++)
          await sql`select graphile_worker.add_job(${JOBS.purgeErrorReports}, '{}'::json, job_key := ${`held-${i}`})`.execute(
            service.db,
          );
        await sleep(2_500); // over two poll intervals: every free slot has claimed by now
        const before = await heldJobs();
        expect(before.running).toBeGreaterThanOrEqual(3);
        expect(before.waiting).toBeGreaterThanOrEqual(1);

        const started = Date.now();
        const requested = await service.api('sandbox', 'POST', '/v1/reports', {
          key: tenant.sandboxKey,
          idempotencyKey: uniqueKey('report'),
          body: { report_type: 'transactions', format: 'json' },
        });
        expect(requested.status, requested.text).toBe(202);
        let status = requested.json.status as string;
        while (status === 'generating' && Date.now() - started < 10_000) {
          await sleep(50);
          status = (await service.api('sandbox', 'GET', `/v1/reports/${requested.json.id}`, { key: tenant.sandboxKey }))
            .json.status;
        }
        // The held jobs still hold their slots (they cannot end while the lock is held): the report did not
        // need one of them.
        expect((await heldJobs()).running).toBeGreaterThanOrEqual(before.running);
        return { status, ms: Date.now() - started };
      } finally {
        await sql`commit`.execute(db);
      }
    });
    expect(held.status).toBe('ready');
    expect(held.ms).toBeLessThan(5_000);
  }, 60_000);
});
