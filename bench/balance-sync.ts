/**
 * Load benchmark of balance sync (bench/README.md): the service against the bare SQL it sends, and the
 * batch endpoint against single requests. `npm run bench:sync [-- --quick]`. Prints numbers only: it
 * fails (exit 1) when it cannot set up or run, never because of a number.
 */
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { barePhase, runBareSync, STATEMENTS_PER_SYNC } from './lib/bare-sync.js';
import { singleSyncLoad } from './lib/sync-load.js';
import { countRefusedItems, runHttpLoad } from './lib/http-load.js';
import { checkLedger } from './lib/ledger-check.js';
import { limiterCost } from './lib/limiter-cost.js';
import { keyMaker, randomMovement, userIds } from './lib/movements.js';
import { observer, type Observation } from './lib/observe.js';
import { httpPhase, printPhase, printSummary, type Phase } from './lib/report.js';
import { analyze, postmasterPid, type BenchDatabase } from './lib/database.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import type { ServiceProcess } from './lib/service-process.js';
import { createBenchTenant, registerAndFund, type BenchTenant } from './lib/setup-tenant.js';
import { fmt, positive } from './lib/stats.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-analyze': { type: 'boolean', default: false },
    duration: { type: 'string' },
    users: { type: 'string' },
    pool: { type: 'string', default: '16' },
    connections: { type: 'string', default: '32' },
    'batch-connections': { type: 'string', default: '4' },
  },
});

const settings = {
  durationS: positive('duration', args.duration ?? (args.quick ? '1' : '10')),
  warmupS: args.quick ? 0.25 : 2,
  users: Math.floor(positive('users', args.users ?? (args.quick ? '500' : '2000'))),
  poolSize: Math.floor(positive('pool', args.pool)),
  connections: Math.floor(positive('connections', args.connections)),
  batchConnections: Math.floor(positive('batch-connections', args['batch-connections'])),
  batchSizes: [100, 500],
};

async function runPhases(
  service: ServiceProcess,
  database: BenchDatabase,
  tenant: BenchTenant,
  ids: string[],
): Promise<Phase[]> {
  const databaseUrl = await database.url();
  const observe = observer(service.pid, await postmasterPid(databaseUrl), databaseUrl);
  const phases: Phase[] = [];
  const report = (phase: Phase) => {
    phases.push(phase);
    printPhase(phase);
  };

  const single = singleSyncLoad(service, tenant, ids, settings.connections);
  console.log(`\nwarm-up: single syncs for ${settings.warmupS} s (not counted)`);
  await single(settings.warmupS);

  console.log(`\n[1] single POST /v1/balance-sync, ${settings.connections} clients, ${settings.durationS} s`);
  let watching = await observe();
  const singleResult = await single(settings.durationS);
  report(httpPhase('service, single sync', 'requests', settings.connections, singleResult, await watching.end()));

  console.log(
    `\n[2] bare SQL, ${STATEMENTS_PER_SYNC} statements per sync, pg pool of ${settings.connections}, ` +
      `${settings.connections} loops, ${settings.durationS} s`,
  );
  watching = await observe();
  let seen: Promise<Observation> | null = null;
  const bare = await runBareSync({
    databaseUrl,
    apiKey: tenant.apiKey,
    userIds: ids,
    connections: settings.connections,
    durationS: settings.durationS,
    nextKey: keyMaker('bare'),
    onLoopsDone: () => (seen = watching.end()),
  });
  report(barePhase(settings.connections, bare, await (seen ?? watching.end())));
  const overBare = singleResult.ok / singleResult.elapsedS / (bare.syncs / bare.elapsedS);
  // The write path's goal (docs/benchmarks.md): HTTP, validation, hooks and presenting cost under a third.
  console.log(`  single syncs over the same engine without HTTP: ${fmt(overBare, 2)}x (goal >= 0.7x)`);

  for (const size of settings.batchSizes) {
    console.log(
      `\n[3] POST /v1/balance-sync/batch of ${size} items, ${settings.batchConnections} clients, ${settings.durationS} s`,
    );
    const itemKey = keyMaker(`item${size}`);
    const batchKey = keyMaker(`batch${size}`);
    watching = await observe();
    const result = await runHttpLoad({
      baseUrl: service.sandboxUrl,
      path: '/v1/balance-sync/batch',
      apiKey: tenant.apiKey,
      connections: settings.batchConnections,
      durationS: settings.durationS,
      itemsPerRequest: size,
      next: () => ({
        idempotencyKey: batchKey(),
        body: JSON.stringify({
          items: Array.from({ length: size }, () => ({ idempotency_key: itemKey(), ...randomMovement(ids) })),
        }),
      }),
      refusedItems: countRefusedItems(size),
    });
    report(httpPhase(`service, batch of ${size}`, 'batches', settings.batchConnections, result, await watching.end()));
  }
  return phases;
}

console.log('balance sync benchmark');
console.log(
  `  node ${process.version}, ${availableParallelism()} CPUs shared by the service, the database and the load generator\n` +
    `  ${settings.users} users, DB_POOL_SIZE=${settings.poolSize}, phases of ${settings.durationS} s${args.quick ? ' (--quick)' : ''}, ` +
    `load average before the run ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
);
runBench(REPO_ROOT, settings.poolSize, async (service, database) => {
  const tenant = await createBenchTenant(service);
  const ids = userIds(settings.users);
  const setupStart = performance.now();
  await registerAndFund(service, tenant, ids);
  console.log(
    `  setup: tenant ${tenant.tenantId}, ${ids.length} users registered and funded in ${fmt((performance.now() - setupStart) / 1000)} s`,
  );
  if (args['no-analyze']) console.log('  --no-analyze: planner statistics left to autovacuum');
  else await analyze(await database.url());

  const loadStart = new Date();
  const phases = await runPhases(service, database, tenant, ids);
  const limiterSettings = {
    connections: settings.connections,
    durationS: settings.durationS,
    poolSize: settings.poolSize,
  };
  await limiterCost(REPO_ROOT, service, database, tenant, ids, limiterSettings);
  await sleep(1000); // requests in flight when a phase ended still finish on the server
  const check = await checkLedger(await database.url(), tenant.tenantId, loadStart);
  printSummary(phases);
  console.log(
    `\nledger check: ${check.users} users, ${check.transactions} transactions, ${check.mismatched} users whose balance ` +
      `differs from the sum of their transactions\n` +
      `  balance_syncs ${check.applied} applied (expected = transactions) + ${check.refused} refused; ` +
      `balance_sync keys done ${check.doneSyncKeys} ` +
      `(expected ${check.applied + check.refused}); keys still in_progress ${check.inProgressKeys}`,
  );
  console.log(
    `tables autovacuum analyzed during the load (plans may have changed): ${check.autoAnalyzed.join(', ') || 'none'}`,
  );
  printRunTail(service);
});
