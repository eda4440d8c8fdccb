/**
 * The request log's cost (bench/README.md): the same mix of operator calls (reads of users, balance syncs)
 * against two service processes on one database, one with the request log on (REQUEST_LOG=1) and one with
 * it off (REQUEST_LOG=0), in alternating rounds; the medians of their throughput and the ratio on/off
 * against the goal (at least 0.95×), with the log's rows counted against the requests answered so that the
 * figure cannot be that of a log that dropped everything. Then both at once (the CPU each spends per request
 * under the same conditions) and the log's batch write taken apart (lib/request-log-batch.ts).
 * `npm run bench:request-log [-- --quick]`. Prints numbers only: it fails (exit 1) when it cannot set up or
 * run, never because of a number.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { printRunTail, runBench } from './lib/bench-run.js';
import { analyze, postmasterPid, type BenchDatabase } from './lib/database.js';
import { goalTable, type GoalRow } from './lib/goal-table.js';
import { userIds } from './lib/movements.js';
import { observer } from './lib/observe.js';
import { requestLogBatchCost, type BatchCost } from './lib/request-log-batch.js';
import {
  APP,
  mixedLoad,
  runPair,
  runRound,
  type Log,
  type Pair,
  type Round,
  type Side,
} from './lib/request-log-rounds.js';
import { httpPhase, printPhase } from './lib/report.js';
import { startServiceProcess, type ServiceProcess } from './lib/service-process.js';
import { createBenchTenant, registerAndFund } from './lib/setup-tenant.js';
import { fmt, positive, table } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    root: { type: 'string' },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    users: { type: 'string' },
    pool: { type: 'string', default: '16' },
    connections: { type: 'string', default: '32' },
    'write-share': { type: 'string', default: '0.3' },
  },
});

const settings = {
  rounds: Math.floor(positive('rounds', args.rounds ?? (args.quick ? '1' : '5'))),
  durationS: positive('duration', args.duration ?? (args.quick ? '1.5' : '10')),
  warmupS: args.quick ? 0.25 : 3,
  /** After each round: the log's last batch waits up to 1 s (REQUEST_LOG_DEFAULTS.flushMs) before it is written. */
  settleS: 2,
  users: Math.floor(positive('users', args.users ?? (args.quick ? '500' : '2000'))),
  poolSize: Math.floor(positive('pool', args.pool)),
  connections: Math.floor(positive('connections', args.connections)),
  writeShare: positive('write-share', args['write-share']),
  /** Batches of the log's write measured on their own after the rounds. */
  batches: args.quick ? 3 : 20,
};
if (settings.writeShare > 1) throw new Error('--write-share is a share: at most 1');

/**
 * The services this bench starts: this repository, or another checkout of it (`--root`: a candidate change
 * to the log measured before it is made here). The batch's breakdown always uses this repository's code.
 */
const ROOT = path.resolve(args.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

/** The issue's goal: throughput with the log on at least this share of the same load with it off. */
const GOAL_RATIO = 0.95;

function commitOf(root: string): string {
  try {
    const head = execFileSync('git', ['-C', root, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', root, 'status', '--porcelain', '--', 'packages'], { encoding: 'utf8' });
    return `${head.slice(0, 90)}${dirty.trim() ? ' (with uncommitted changes under packages/)' : ''}`;
  } catch {
    return 'not a git checkout';
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const perRequest = (value: number | null, r: Round) => (value === null ? null : value / Math.max(1, r.load.answered));
const rate = (r: Round) => r.load.ok / r.load.elapsedS;
const ms = (value: number | null) => (value === null || Number.isNaN(value) ? 'n/a' : fmt(value, 3));
const bytes = (value: number | null) => (value === null ? 'n/a' : fmt(value, 0));
const cpu = {
  service: (r: Round) => perRequest(r.serviceCpuMs, r),
  database: (r: Round) => perRequest(r.databaseCpuMs, r),
  generator: (r: Round) => perRequest(r.generatorCpuMs, r),
  /** Everything the machine spends on a request: on a CPU-bound machine, the inverse of its capacity. */
  all: (r: Round) =>
    r.serviceCpuMs === null || r.databaseCpuMs === null
      ? null
      : perRequest(r.serviceCpuMs + r.databaseCpuMs + r.generatorCpuMs, r),
};

function printRound(round: Round): void {
  printPhase(httpPhase(`log ${round.log}`, 'requests', settings.connections, round.load, round.seen), {
    movements: false,
  });
  console.log(
    `  sent ${round.reads + round.writes} (${round.reads} GET /v1/users/{id}, ${round.writes} POST /v1/balance-sync); ` +
      `request_log rows added: ${round.logged} (${round.loggedWithBodies} writes with both bodies)` +
      (round.log === 'on' ? ` for ${round.load.answered} answered` : ' (the log is off: expected 0)'),
  );
  console.log(
    `  per request answered, over the round and the ${settings.settleS} s after it, CPU ms: service ` +
      `${ms(cpu.service(round))}, its database's backends ${ms(cpu.database(round))}, load generator ` +
      `${ms(cpu.generator(round))}; WAL ${bytes(perRequest(round.walBytes, round))} bytes (whole server)`,
  );
}

const sideCpu = (side: Side, pick: 'serviceCpuMs' | 'databaseCpuMs' | 'both') => {
  const { serviceCpuMs: service, databaseCpuMs: database } = side;
  const value = pick === 'both' ? (service === null || database === null ? null : service + database) : side[pick];
  return value === null ? null : value / Math.max(1, side.load.answered);
};

function printPair(pair: Pair): void {
  const line = (log: Log) => {
    const s = pair[log];
    return (
      `  log ${log}: ${fmt(s.load.ok / s.load.elapsedS)} requests/s, p50 ${fmt(s.load.latency.p50, 2)} ms, ` +
      `p99 ${fmt(s.load.latency.p99, 2)} ms, ${s.load.non2xx} non-2xx, ${s.load.errors} errors; CPU ms per request: ` +
      `service ${ms(sideCpu(s, 'serviceCpuMs'))}, its database's backends ${ms(sideCpu(s, 'databaseCpuMs'))}`
    );
  };
  console.log(line('on'));
  console.log(line('off'));
  console.log(`  request_log rows added: ${pair.logged} for ${pair.on.load.answered} answered with the log on`);
}

/**
 * The batch write taken apart (lib/request-log-batch.ts), and the log's cost per request from it against the
 * measured difference and the goal's budget: at least GOAL_RATIO of the throughput is at most 1/GOAL_RATIO of
 * the CPU per request of all three, when the machine's cores are what limits it.
 */
function printBatchCost(
  cost: BatchCost | null,
  measured: { service: number; database: number; offAll: number; where: string },
): void {
  console.log(
    `\nthe log's batch write on its own (lib/request-log-batch.ts: the service's writeRequests and keptBodies, ` +
      `and the candidates, on the rows the bench's tenant logged; each batch committed under a tenant of its own, deleted after)`,
  );
  if (cost === null) {
    console.log('  skipped: the log holds no row of the bench tenant');
    return;
  }
  console.log(
    `  ${cost.batches} rounds of one batch of ${cost.rows} rows per writer (${cost.writes} writes with bodies, ` +
      `${fmt(cost.requestBytes, 0)} + ${fmt(cost.responseBytes, 0)} bytes kept); per row, µs (WAL: bytes, whole server)\n`,
  );
  const us = (value: number | null) => (value === null ? 'n/a' : fmt(value, 1));
  console.log(
    table(
      ['writer', 'ms a batch', 'wall', 'writer CPU', 'backend CPU', 'WAL'],
      cost.writers.map((w) => [
        w.writer,
        fmt(w.batchMs, 1),
        us(w.wallUs),
        us(w.clientCpuUs),
        us(w.databaseCpuUs),
        fmt(w.walBytes, 0),
      ]),
    ),
  );
  const own = cost.writers[0]!;
  const bodies = settings.writeShare * cost.bodiesUs;
  const budget = (1 / GOAL_RATIO - 1) * measured.offAll * 1000;
  console.log(
    `\n  keptBodies (parse, redact, stringify, cut both bodies): ${fmt(cost.bodiesUs, 1)} µs per write, ` +
      `${fmt(bodies, 1)} µs per request at ${fmt(settings.writeShare * 100, 0)} % writes\n` +
      `  the log per request from these, CPU µs: service ${us(own.clientCpuUs + bodies)} (statement ` +
      `${us(own.clientCpuUs)} + bodies ${us(bodies)}), database ${us(own.databaseCpuUs)}; measured (${measured.where}): ` +
      `service ${us(measured.service * 1000)}, database ${us(measured.database * 1000)}\n` +
      `  the goal's budget on a CPU-bound machine: ${us(budget)} µs per request (${fmt((1 / GOAL_RATIO - 1) * 100, 1)} % ` +
      `of the off rounds' ${ms(measured.offAll)} ms of all three)`,
  );
}

/** The same service as `on`, with the log off, on the same database, with a DATA_DIR of its own (as lib/limiter-cost.ts). */
async function anotherService(database: BenchDatabase, appName: string): Promise<ServiceProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `${appName}-`));
  const shared = { ...database, dataDir, serviceUrl: await database.url() };
  const service = await startServiceProcess(ROOT, shared, settings.poolSize, { REQUEST_LOG: '0', PGAPPNAME: appName });
  return {
    ...service,
    async stop() {
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(on: ServiceProcess, database: BenchDatabase): Promise<void> {
  const url = await database.url();
  const off = await anotherService(database, APP.off);
  console.log(`  log on: service pid ${on.pid} (REQUEST_LOG=1); log off: service pid ${off.pid} (REQUEST_LOG=0)`);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    // The setup goes through a third process, stopped before the rounds: the process that served it ran
    // about 9 % slower side by side than its twin, with both logs off (bench/README.md, "request-log.ts").
    const setup = await anotherService(database, 'pm-bench-log-setup');
    const setupStart = performance.now();
    const tenant = await createBenchTenant(setup);
    const ids = userIds(settings.users);
    try {
      await registerAndFund(setup, tenant, ids);
    } finally {
      await setup.stop();
    }
    await analyze(url);
    console.log(
      `  setup: tenant ${tenant.tenantId}, ${ids.length} users registered and funded through a service process ` +
        `of its own in ${fmt((performance.now() - setupStart) / 1000)} s, then ANALYZE`,
    );

    const postmaster = await postmasterPid(url);
    const services: Record<Log, ServiceProcess> = { on, off };
    const loads = {
      on: mixedLoad(on, tenant, ids, 'on', settings.connections, settings.writeShare),
      off: mixedLoad(off, tenant, ids, 'off', settings.connections, settings.writeShare),
    };
    const half = Math.max(1, Math.floor(settings.connections / 2));
    const pairLoads = {
      on: mixedLoad(on, tenant, ids, 'pair-on', half, settings.writeShare),
      off: mixedLoad(off, tenant, ids, 'pair-off', half, settings.writeShare),
    };
    const observe = { on: observer(on.pid, postmaster, url), off: observer(off.pid, postmaster, url) };

    console.log(`\nwarm-up: ${settings.warmupS} s on each service (not counted)`);
    for (const log of ['on', 'off'] as const) await loads[log](settings.warmupS);
    await sleep(settings.settleS * 1000);

    // On, off, on, off …: what else the machine does meanwhile falls on both alike.
    const rounds: Round[] = [];
    for (let i = 0; i < settings.rounds; i++) {
      for (const log of ['on', 'off'] as const) {
        console.log(`\nround ${i + 1}, log ${log} (pid ${services[log].pid}), ${settings.durationS} s`);
        const round = await runRound(log, services[log], db, tenant.tenantId, loads[log], observe[log], settings);
        rounds.push(round);
        printRound(round);
      }
    }

    // Side by side: the CPU each spends per request, measured at the same moments.
    const pairs: Pair[] = [];
    for (let i = 0; i < settings.rounds; i++) {
      console.log(`\nside by side ${i + 1}: both services at once, ${half} clients each, ${settings.durationS} s`);
      const pair = await runPair(services, db, tenant.tenantId, pairLoads, settings);
      pairs.push(pair);
      printPair(pair);
    }

    const of = (log: Log) => rounds.filter((r) => r.log === log);
    const med = (log: Log, pick: (r: Round) => number | null) => median(of(log).map((r) => pick(r) ?? Number.NaN));
    console.log(
      `\nrounds (requests/s counts 2xx answers; CPU ms and WAL bytes per request answered, over the round and ` +
        `${settings.settleS} s after it; CPU of the service, its database's backends, the load generator, all three)\n`,
    );
    const cells = (r: Round) => [
      fmt(rate(r)),
      fmt(r.load.latency.p50, 2),
      fmt(r.load.latency.p99, 2),
      ms(cpu.service(r)),
      ms(cpu.database(r)),
      ms(cpu.generator(r)),
      ms(cpu.all(r)),
      bytes(perRequest(r.walBytes, r)),
    ];
    const header = ['requests/s', 'p50 ms', 'p99 ms', 'svc CPU', 'db CPU', 'gen CPU', 'all CPU', 'WAL B'];
    console.log(
      table(
        ['round', 'log', ...header, 'non2xx/err', 'logged/answered'],
        rounds.map((r, i) => [
          String(Math.floor(i / 2) + 1),
          r.log,
          ...cells(r),
          `${r.load.non2xx}/${r.load.errors}`,
          `${r.logged}/${r.load.answered}`,
        ]),
      ),
    );
    const medians = (log: Log) => [
      fmt(med(log, rate)),
      fmt(
        med(log, (r) => r.load.latency.p50),
        2,
      ),
      fmt(
        med(log, (r) => r.load.latency.p99),
        2,
      ),
      ms(med(log, cpu.service)),
      ms(med(log, cpu.database)),
      ms(med(log, cpu.generator)),
      ms(med(log, cpu.all)),
      bytes(med(log, (r) => perRequest(r.walBytes, r))),
    ];
    console.log('');
    console.log(
      table(
        [`medians of ${settings.rounds}`, ...header],
        [
          ['log on', ...medians('on')],
          ['log off', ...medians('off')],
        ],
      ),
    );
    const ratio = med('on', rate) / med('off', rate);
    const paired = of('on').map((r, i) => rate(r) / rate(of('off')[i]!));
    const cpuRatio = med('off', cpu.all) / med('on', cpu.all);
    console.log(
      `\nthroughput with the log on over off: ${fmt(ratio, 3)}x (medians); round by round (each on round over the ` +
        `off round after it): ${paired.map((p) => `${fmt(p, 3)}x`).join(', ')}\n` +
        `CPU per request of all three, off over on: ${fmt(cpuRatio, 3)}x (the throughput ratio a CPU-bound machine ` +
        `would show)`,
    );

    console.log(
      `\nside by side (${half} clients each; CPU ms per request answered, over the period and ${settings.settleS} s after it)\n`,
    );
    const pairRatio = (p: Pair) => (sideCpu(p.on, 'both') ?? Number.NaN) / (sideCpu(p.off, 'both') ?? Number.NaN);
    console.log(
      table(
        ['period', 'on req/s', 'off req/s', 'on svc', 'on db', 'off svc', 'off db', 'svc+db on/off'],
        pairs.map((p, i) => [
          String(i + 1),
          fmt(p.on.load.ok / p.on.load.elapsedS),
          fmt(p.off.load.ok / p.off.load.elapsedS),
          ms(sideCpu(p.on, 'serviceCpuMs')),
          ms(sideCpu(p.on, 'databaseCpuMs')),
          ms(sideCpu(p.off, 'serviceCpuMs')),
          ms(sideCpu(p.off, 'databaseCpuMs')),
          `${fmt(pairRatio(p), 3)}x`,
        ]),
      ),
    );
    const pairMedian = (pick: (p: Pair) => number | null) => median(pairs.map((p) => pick(p) ?? Number.NaN));
    const extra = {
      service: pairMedian((p) => (sideCpu(p.on, 'serviceCpuMs') ?? NaN) - (sideCpu(p.off, 'serviceCpuMs') ?? NaN)),
      database: pairMedian((p) => (sideCpu(p.on, 'databaseCpuMs') ?? NaN) - (sideCpu(p.off, 'databaseCpuMs') ?? NaN)),
    };
    console.log(
      `\nside by side, the log adds per request (medians of the periods' differences): service CPU ${ms(extra.service)} ms, ` +
        `database CPU ${ms(extra.database)} ms; service + database on over off ${fmt(pairMedian(pairRatio), 3)}x`,
    );

    const rows: GoalRow[] = [
      {
        figure: `requests/s, log on against off (medians of ${settings.rounds})`,
        service: med('on', rate),
        ceiling: med('off', rate),
        goal: { kind: 'ratio', atLeast: GOAL_RATIO },
      },
      {
        figure: 'CPU per request, all three, log on against off',
        service: med('on', cpu.all),
        ceiling: med('off', cpu.all),
        goal: { kind: 'cost' },
      },
      {
        figure: 'CPU per request, service + database, side by side',
        service: pairMedian((p) => sideCpu(p.on, 'both')),
        ceiling: pairMedian((p) => sideCpu(p.off, 'both')),
        goal: { kind: 'cost' },
      },
      {
        figure: 'service CPU per request, side by side',
        service: pairMedian((p) => sideCpu(p.on, 'serviceCpuMs')),
        ceiling: pairMedian((p) => sideCpu(p.off, 'serviceCpuMs')),
        goal: { kind: 'cost' },
      },
      {
        figure: 'database CPU per request, side by side',
        service: pairMedian((p) => sideCpu(p.on, 'databaseCpuMs')),
        ceiling: pairMedian((p) => sideCpu(p.off, 'databaseCpuMs')),
        goal: { kind: 'cost' },
      },
    ];
    console.log(`\nthe request log's goal (the "ceiling" is the same load with the log off, same run)\n`);
    console.log(goalTable(rows));

    // The figure is only worth something if the log kept what it was sent: every request answered with the log
    // on is a row (and a few more, answered after the load stopped counting them), and none with it off.
    const total = (log: Log, pick: (r: Round) => number) => of(log).reduce((n, r) => n + pick(r), 0);
    const answeredOn = total('on', (r) => r.load.answered) + pairs.reduce((n, p) => n + p.on.load.answered, 0);
    const sentOn = total('on', (r) => r.reads + r.writes);
    const loggedOn = total('on', (r) => r.logged) + pairs.reduce((n, p) => n + p.logged, 0);
    const loggedOff = total('off', (r) => r.logged);
    const inFlight = settings.connections * (settings.rounds + pairs.length);
    const complete = loggedOn >= answeredOn && loggedOn <= answeredOn + inFlight && loggedOff === 0;
    console.log(
      `\nlog check, ${settings.settleS} s after each round and period: the log-on service answered ${answeredOn} ` +
        `requests (the rounds' ${sentOn} sent, ${total('on', (r) => r.writes)} of them writes) and request_log holds ` +
        `${loggedOn} of them (the rounds' ${total('on', (r) => r.loggedWithBodies)} writes with both bodies); the ` +
        `off rounds added ${loggedOff} rows: ${complete ? 'every request logged, none when off' : 'NOT as expected'}`,
    );

    printBatchCost(await requestLogBatchCost(url, tenant.tenantId, settings.batches), {
      ...extra,
      offAll: med('off', cpu.all),
      where: "side by side, medians of the periods' differences",
    });

    printRunTail(on);
    const offLines = off.linesSinceReady();
    console.log(
      `log-off service output during the run: ${offLines.length} lines${offLines.length > 0 ? ', last ones:' : ''}`,
    );
    for (const line of offLines.slice(-10)) console.log(`  | ${line.slice(0, 400)}`);
  } finally {
    await db.end().catch(() => {});
    await off.stop();
  }
}

console.log('request log benchmark: the same load with the log on and off, alternating, same database');
console.log(
  `  node ${process.version}, ${availableParallelism()} CPUs shared by the two services, the database, the load ` +
    `generator and other work\n` +
    `  service from: ${ROOT}, commit: ${commitOf(ROOT)}\n` +
    `  ${settings.users} users, DB_POOL_SIZE=${settings.poolSize}, ${settings.connections} clients, ` +
    `${fmt(settings.writeShare * 100, 0)} % POST /v1/balance-sync and ${fmt((1 - settings.writeShare) * 100, 0)} % ` +
    `GET /v1/users/{id}; ${settings.rounds} round(s) of ${settings.durationS} s each way${args.quick ? ' (--quick)' : ''}, ` +
    `load average before the run ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
);
runBench(ROOT, settings.poolSize, main, { REQUEST_LOG: '1', PGAPPNAME: APP.on });
