/**
 * The write engine's goals (bench/README.md, docs/benchmarks.md): each figure of the issue's table measured on the
 * service and, in the same run on the same database, on the bare statements that bound it, with the ratio;
 * the service's CPU per request against a bare node:http server answering the same JSON; and the engine's
 * own counters (GET /platform/v1/engine) for every service phase.
 * `npm run bench:engine [-- --quick]`. Prints numbers only: it fails (exit 1) when it cannot set up or
 * run, never because of a number.
 */
import { randomInt } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_BATCH_ITEMS } from '../packages/service/src/domains/sync/schemas.js';
import { randomBatchLoad } from './lib/batch-load.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import { minimalSyncs, rowUpdates, setBasedBatches } from './lib/ceiling-sql.js';
import { cpuPerRequest, sampleAnswer, startBareJson, type CpuPerRequest } from './lib/cpu-per-request.js';
import { analyze, postmasterPid } from './lib/database.js';
import { engineLines, engineProbe, engineTable, type EnginePhase } from './lib/engine-stats.js';
import { measureFigure, type Figure, type Measured } from './lib/figures.js';
import { goalTable, type GoalRow } from './lib/goal-table.js';
import { checkLedger } from './lib/ledger-check.js';
import { createHotAndSpread, openBody } from './lib/markets.js';
import { keyMaker, randomMovement, userIds } from './lib/movements.js';
import { observer } from './lib/observe.js';
import { openLoad } from './lib/open-load.js';
import { phaseTable } from './lib/report.js';
import { createScratchTables } from './lib/scratch-tables.js';
import { createBenchTenant, registerAndFund } from './lib/setup-tenant.js';
import { fmt, positive } from './lib/stats.js';
import { singleSyncLoad } from './lib/sync-load.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-analyze': { type: 'boolean', default: false },
    duration: { type: 'string' },
    users: { type: 'string' },
    markets: { type: 'string', default: '100' },
    pool: { type: 'string', default: '16' },
    connections: { type: 'string', default: '32' },
    'batch-connections': { type: 'string', default: '4' },
  },
});

const settings = {
  durationS: positive('duration', args.duration ?? (args.quick ? '1' : '10')),
  warmupS: args.quick ? 0.25 : 2,
  users: Math.floor(positive('users', args.users ?? (args.quick ? '500' : '2000'))),
  markets: Math.floor(positive('markets', args.markets)),
  poolSize: Math.floor(positive('pool', args.pool)),
  connections: Math.floor(positive('connections', args.connections)),
  batchClients: Math.floor(positive('batch-connections', args['batch-connections'])),
  batchSize: MAX_BATCH_ITEMS,
};

/** The goals without a ceiling: the p99 of an open, hot and spread, and of a batch (the others are in the figures). */
const GOAL_P99 = { kind: 'latency', belowMs: 50 } as const;
const GOAL_BATCH_P99 = { kind: 'latency', belowMs: 2000 } as const;

if (settings.users < settings.batchSize)
  throw new Error(`--users must be at least ${settings.batchSize}: a batch has that many distinct users`);

console.log('write engine benchmark: the service against its ceilings, same run, same database');
console.log(
  `  node ${process.version}, ${availableParallelism()} CPUs shared by the service, the database and the load generator\n` +
    `  ${settings.users} users, 1 hot market + ${settings.markets} markets, DB_POOL_SIZE=${settings.poolSize}, ` +
    `${settings.connections} clients (batches: ${settings.batchClients} of ${settings.batchSize}), ` +
    `phases of ${settings.durationS} s${args.quick ? ' (--quick)' : ''}, load average before the run ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
);
runBench(REPO_ROOT, settings.poolSize, async (service, database) => {
  const url = await database.url();
  const tenant = await createBenchTenant(service);
  const ids = userIds(settings.users);
  const setupStart = performance.now();
  await registerAndFund(service, tenant, ids);
  const { hot, spread } = await createHotAndSpread(service, tenant, settings.markets);
  if (args['no-analyze']) console.log('  --no-analyze: planner statistics left to autovacuum');
  else await analyze(url);
  const scratch = await createScratchTables(url, tenant.tenantId, settings.markets);
  console.log(
    `  setup: tenant ${tenant.tenantId}, ${ids.length} users registered and funded, ${spread.length + 1} markets, ` +
      `scratch tables with ${settings.markets} rows and ${scratch.userIds.size} users in ${fmt((performance.now() - setupStart) / 1000)} s`,
  );

  const observe = observer(service.pid, await postmasterPid(url), url);
  const opens = openLoad(service, tenant, ids, settings.connections);
  const n = settings.connections;
  const m = settings.markets;
  const size = settings.batchSize;
  const figures: Figure[] = [
    {
      figure: `opens/s, ${n} clients, one market`,
      goal: { kind: 'ratio', atLeast: 1.0 },
      rate: 'requestsPerS',
      service: {
        title: '[1] POST /v1/positions on ONE hot market',
        name: 'opens, one market',
        unit: 'opens',
        clients: n,
        rowLocks: true,
        load: (s) => opens(s, () => hot),
      },
      ceiling: {
        title: '[1c] ceiling: one-row UPDATE transactions on one row',
        name: 'ceiling: UPDATE one row',
        clients: n,
        itemsPerTx: 1,
        next: rowUpdates(() => 1),
      },
    },
    {
      figure: `opens/s, ${n} clients, ${m} markets`,
      goal: { kind: 'ratio', atLeast: 0.2 },
      rate: 'requestsPerS',
      service: {
        title: `[2] POST /v1/positions spread over ${m} markets`,
        name: `opens, ${m} markets`,
        unit: 'opens',
        clients: n,
        rowLocks: true,
        load: (s) => opens(s, () => spread[randomInt(spread.length)]!),
      },
      ceiling: {
        title: `[2c] ceiling: one-row UPDATE transactions over ${m} rows`,
        name: `ceiling: UPDATE ${m} rows`,
        clients: n,
        itemsPerTx: 1,
        next: rowUpdates(() => 1 + randomInt(m)),
      },
    },
    {
      figure: `balance syncs/s, ${n} clients`,
      goal: { kind: 'ratio', atLeast: 1.0 },
      rate: 'requestsPerS',
      service: {
        title: '[3] single POST /v1/balance-sync',
        name: 'balance syncs',
        unit: 'requests',
        clients: n,
        rowLocks: false,
        load: singleSyncLoad(service, tenant, ids, n),
      },
      ceiling: {
        title: '[3c] ceiling: key insert, balance update, ledger insert, one commit',
        name: 'ceiling: minimal sync',
        clients: n,
        itemsPerTx: 1,
        next: minimalSyncs(scratch, ids, keyMaker('ceiling-sync')),
      },
    },
    {
      figure: `movements/s, batches of ${size}, ${settings.batchClients} clients, random users`,
      goal: { kind: 'ratio', atLeast: 0.5 },
      rate: 'movementsPerS',
      service: {
        title: `[4] POST /v1/balance-sync/batch of ${size} distinct users drawn at random from all ${ids.length}`,
        name: `batches of ${size}`,
        unit: 'batches',
        clients: settings.batchClients,
        rowLocks: false,
        load: (s) => randomBatchLoad(service, tenant, ids, settings.batchClients, size, s),
      },
      ceiling: {
        title: `[4c] ceiling: set-based lock + UPDATE + INSERT of ${size} random users a transaction, drawn the same way`,
        name: 'ceiling: set-based batch',
        clients: settings.batchClients,
        itemsPerTx: size,
        next: setBasedBatches(scratch, ids, size),
      },
    },
  ];

  const loadStart = new Date();
  const run = {
    url,
    observe,
    warmupS: settings.warmupS,
    durationS: settings.durationS,
    probe: () => engineProbe(service),
    describeProbe: engineLines,
  };
  const measured: Measured<EnginePhase>[] = [];
  try {
    for (const figure of figures) measured.push(await measureFigure(run, figure));
  } finally {
    await scratch.drop();
  }
  const [hotOpens, spreadOpens, syncs] = measured as [
    Measured<EnginePhase>,
    Measured<EnginePhase>,
    Measured<EnginePhase>,
  ];

  // [5c] The ceiling of the service's CPU per request: a bare node:http server in its own process answering
  // the service's own answer to an open and to a sync (the same status and bytes), under the same load.
  const openAnswer = await sampleAnswer(service, tenant, '/v1/positions', openBody(spread[0]!, ids));
  const syncAnswer = await sampleAnswer(service, tenant, '/v1/balance-sync', JSON.stringify(randomMovement(ids)));
  const bare = await startBareJson({ '/v1/positions': openAnswer, '/v1/balance-sync': syncAnswer });
  let bareOpen: CpuPerRequest;
  let bareSync: CpuPerRequest;
  try {
    const timing = `${settings.durationS} s (after ${settings.warmupS} s not counted)`;
    console.log(
      `\n[5c] ceiling of CPU per request: a bare node:http server (pid ${bare.pid}) answering the service's own ` +
        `JSON, ${n} clients, ${timing} each`,
    );
    const bareOpens = openLoad(bare, tenant, ids, n);
    bareOpen = await cpuPerRequest(
      bare.pid,
      (d) => bareOpens(d, () => spread[randomInt(spread.length)]!),
      settings.warmupS,
      settings.durationS,
    );
    console.log(`  ${cpuLine('opens', bareOpen, openAnswer.body)}`);
    bareSync = await cpuPerRequest(
      bare.pid,
      singleSyncLoad(bare, tenant, ids, n),
      settings.warmupS,
      settings.durationS,
    );
    console.log(`  ${cpuLine('syncs', bareSync, syncAnswer.body)}`);
  } finally {
    await bare.stop();
  }

  const cost = { kind: 'cost', atMostMs: 0.25 } as const;
  const rows: GoalRow[] = [
    measured[0]!.row,
    measured[1]!.row,
    {
      figure: `opens/s, ${m} markets, against one market (not below)`,
      service: spreadOpens.service.requestsPerS,
      ceiling: hotOpens.service.requestsPerS,
      goal: { kind: 'ratio', atLeast: 1.0 },
    },
    ...measured.slice(2).map((f) => f.row),
    {
      figure: `p99 of a batch of ${size}, ${settings.batchClients} clients`,
      service: measured[3]!.service.p99,
      ceiling: null,
      goal: GOAL_BATCH_P99,
    },
    {
      figure: `p99 of an open, hot market, ${n} clients`,
      service: hotOpens.service.p99,
      ceiling: null,
      goal: GOAL_P99,
    },
    {
      figure: `p99 of an open, ${m} markets, ${n} clients`,
      service: spreadOpens.service.p99,
      ceiling: null,
      goal: GOAL_P99,
    },
    {
      figure: 'service CPU per open, hot market',
      service: hotOpens.serviceCpuMsPerRequest ?? Number.NaN,
      ceiling: bareOpen.msPerRequest,
      goal: cost,
    },
    {
      figure: `service CPU per open, ${m} markets`,
      service: spreadOpens.serviceCpuMsPerRequest ?? Number.NaN,
      ceiling: bareOpen.msPerRequest,
      goal: cost,
    },
    {
      figure: 'service CPU per sync',
      service: syncs.serviceCpuMsPerRequest ?? Number.NaN,
      ceiling: bareSync.msPerRequest,
      goal: cost,
    },
  ];

  console.log('\nphases (per s: 2xx answers or committed transactions; CPU in % of one core)\n');
  console.log(phaseTable(measured.flatMap((f) => [f.service, f.ceiling])));
  console.log('\nthe write engine during each service phase (GET /platform/v1/engine before and after)\n');
  console.log(engineTable(measured.map((f) => ({ name: f.service.name, engine: f.probe }))));
  console.log(
    "\nthe write path's goals (docs/benchmarks.md), ratios of the same run (CPU: ms of the process's CPU time per request answered, " +
      'service over the bare server)\n',
  );
  console.log(goalTable(rows));
  console.log(
    `  for reference, the p99 of a one-row UPDATE transaction on the hot row (${n} connections): ` +
      `${fmt(hotOpens.ceiling.p99, 1)} ms, over ${m} rows: ${fmt(spreadOpens.ceiling.p99, 1)} ms`,
  );
  await sleep(1000); // requests in flight when a phase ended still finish on the server
  const ledger = await checkLedger(url, tenant.tenantId, loadStart);
  console.log(
    `\nledger check: ${ledger.users} users, ${ledger.transactions} transactions, ${ledger.mismatched} users whose balance ` +
      `differs from the sum of their transactions; keys still in_progress ${ledger.inProgressKeys}`,
  );
  printRunTail(service);
});

/** The bare server's line: requests/s, p99 and CPU per request, with the size of the answer it sends. */
function cpuLine(what: string, c: CpuPerRequest, body: string): string {
  return (
    `${what}: ${fmt(c.requestsPerS)}/s, p99 ${fmt(c.p99, 2)} ms, ${c.answered} answered, ` +
    `CPU ${c.msPerRequest === null ? 'n/a' : `${fmt(c.msPerRequest, 3)} ms`} per request (answer of ${Buffer.byteLength(body)} bytes)`
  );
}
