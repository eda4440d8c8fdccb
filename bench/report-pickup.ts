/**
 * Report pickup benchmark (bench/README.md): how long a small transactions report takes from its request
 * to ready (polled every 50 ms), quiet, under HTTP load, and while other tenants' large reports generate
 * (which is when the job runner's slots are all taken). `npm run bench:report-pickup [-- --quick]`.
 * Prints numbers; exits 1 only when it cannot set up or run.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { reportWhenReady } from './lib/api-calls.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import { userIds } from './lib/movements.js';
import type { ServiceProcess } from './lib/service-process.js';
import { createBenchTenant, registerAndFund, type BenchTenant } from './lib/setup-tenant.js';
import { latencyOf, fmt, table } from './lib/stats.js';
import { singleSyncLoad } from './lib/sync-load.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, 'uptime-minutes': { type: 'string', default: '0' } },
});
/** A last quiet phase once the service has run this long (0: none): what builds up over minutes shows there. */
const UPTIME_MS = Number(args['uptime-minutes']) * 60_000;
const SAMPLES = args.quick ? 3 : 8;
const LOAD_S = args.quick ? 4 : 25;
/** Rows of each large report: long enough that three of them hold their slots for the whole phase. */
const LARGE_ROWS = args.quick ? 100_000 : 400_000;
const GIVE_UP_MS = 120_000;

/** Request → ready of one report, in ms (Infinity when it was not ready within GIVE_UP_MS). */
async function timeReport(
  service: ServiceProcess,
  tenant: BenchTenant,
  body: Record<string, unknown>,
): Promise<number> {
  const started = performance.now();
  const job = await reportWhenReady(service, tenant, body, { giveUpMs: GIVE_UP_MS });
  return job === null ? Infinity : performance.now() - started;
}

const SMALL = { report_type: 'transactions', format: 'json' } as const;

/** SAMPLES small reports one after another, a pause between them. */
async function smallReports(service: ServiceProcess, tenant: BenchTenant, gapMs: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    ms.push(await timeReport(service, tenant, SMALL));
    await sleep(gapMs);
  }
  return ms;
}

/** A large ledger for one tenant, written straight into the database (as bench/reports.ts does). */
async function seedLarge(url: string, tenantId: string, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(
      `with u as (select id, row_number() over (order by id) - 1 as n, count(*) over () as users
                  from users where tenant_id = $1)
       insert into transactions (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor, created_at)
       select gen_random_uuid(), $1, 'sandbox', u.id, 'bench_credit', 0, 100000, now() - interval '1 day'
       from generate_series(0::bigint, $2::bigint - 1) g join u on u.n = g % u.users`,
      [tenantId, rows],
    );
    await client.query('analyze transactions');
  } finally {
    await client.end();
  }
}

function row(label: string, ms: number[]): string[] {
  const done = ms.filter(Number.isFinite);
  const { p50 } = latencyOf(done);
  return [
    label,
    String(ms.length),
    fmt(Math.min(...done) / 1000, 2),
    fmt(p50 / 1000, 2),
    fmt(Math.max(...done) / 1000, 2),
    String(ms.length - done.length),
  ];
}

console.log('report pickup benchmark');
console.log(
  `  node ${process.version}, ${availableParallelism()} CPUs shared by the service, the database and this process${args.quick ? ' (--quick)' : ''}`,
);
runBench(REPO_ROOT, 16, async (service, database) => {
  const up = performance.now();
  const small = await createBenchTenant(service);
  const ids = userIds(200);
  await registerAndFund(service, small, ids);
  const large = await createBenchTenant(service);
  await registerAndFund(service, large, userIds(50));
  await seedLarge(await database.url(), large.tenantId, LARGE_ROWS);
  const rows: string[][] = [];

  rows.push(row('quiet', await smallReports(service, small, 300)));

  const load = singleSyncLoad(service, small, ids, 32);
  const loaded = load(LOAD_S);
  await sleep(1_000);
  rows.push(row('32 clients of balance sync', await smallReports(service, small, 1_000)));
  const result = await loaded;
  console.log(`  load: ${fmt(result.ok / result.elapsedS, 0)} syncs/s, p99 ${fmt(result.latency.p99, 0)} ms`);

  // Three large reports of another tenant (its limit) take three of the job runner's slots for a while.
  const bigStarted = performance.now();
  const big = Array.from({ length: 3 }, () =>
    timeReport(service, large, { report_type: 'transactions', format: 'csv' }),
  );
  await sleep(500);
  const behind = await smallReports(service, small, 300);
  const bigMs = await Promise.all(big);
  rows.push(row(`while 3 reports of ${LARGE_ROWS} rows generate`, behind));
  console.log(
    `  the large reports took ${bigMs.map((m) => fmt(m / 1000, 1)).join(', ')} s (phase ${fmt((performance.now() - bigStarted) / 1000, 1)} s)`,
  );

  if (UPTIME_MS > 0) {
    await sleep(Math.max(0, UPTIME_MS - (performance.now() - up)));
    rows.push(
      row(`quiet, after ${fmt(UPTIME_MS / 60_000, 0)} minutes of uptime`, await smallReports(service, small, 300)),
    );
  }

  console.log('\nsmall transactions report (200 users, ~200 rows): request → ready, seconds');
  console.log(table(['phase', 'reports', 'min', 'p50', 'max', `not ready in ${GIVE_UP_MS / 1000} s`], rows));
  printRunTail(service);
});
