/**
 * Load benchmark of trading (bench/README.md): position opens on one hot market against opens spread over
 * many markets, with balance sync in the same run as the reference. `npm run bench:trading [-- --quick]`.
 * Prints numbers only: it fails (exit 1) when it cannot set up or run, never because of a number.
 */
import { randomInt } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { singleSyncLoad } from './lib/sync-load.js';
import { runHttpLoad, type LoadResult } from './lib/http-load.js';
import { checkLedger, checkTrading } from './lib/ledger-check.js';
import { keyMaker, userIds } from './lib/movements.js';
import { observer, type Observation } from './lib/observe.js';
import {
  BOUNDED_INFLUENCE,
  createBounded,
  createHotAndSpread,
  MARKET_TERMS,
  STAKE,
  type BenchMarket,
} from './lib/markets.js';
import { openLoad } from './lib/open-load.js';
import { lockLines, sampleRowLocks, type LockProfile } from './lib/row-locks.js';
import { httpPhase, printPhase, type Phase } from './lib/report.js';
import { analyze, postmasterPid, type BenchDatabase } from './lib/database.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import type { ServiceProcess } from './lib/service-process.js';
import { createBenchTenant, registerAndFund, setPlayerLimits, type BenchTenant } from './lib/setup-tenant.js';
import { fmt, table, positive } from './lib/stats.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The goals, on this 2-core machine. */
const GOAL = { hotOpensPerS: 500, spreadOpensPerS: 1500, boundedOverSpread: 0.95, limitedOverSpread: 0.9 };

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-analyze': { type: 'boolean', default: false },
    'no-closes': { type: 'boolean', default: false },
    duration: { type: 'string' },
    users: { type: 'string' },
    markets: { type: 'string', default: '100' },
    pool: { type: 'string', default: '16' },
    connections: { type: 'string', default: '32' },
  },
});

const settings = {
  durationS: positive('duration', args.duration ?? (args.quick ? '1' : '10')),
  warmupS: args.quick ? 0.25 : 2,
  // Twice this many users are registered (the second half with player limits), and user_sync allows 3,000
  // a minute: the quick mode's 500 and 500 register at once, where 2,000 and 2,000 wait a minute for it.
  users: Math.floor(positive('users', args.users ?? (args.quick ? '500' : '2000'))),
  markets: Math.floor(positive('markets', args.markets)),
  poolSize: Math.floor(positive('pool', args.pool)),
  connections: Math.floor(positive('connections', args.connections)),
  closes: !args['no-closes'],
};

interface TradingPhase extends Phase {
  locks: LockProfile | null;
  errorCodes: Record<string, number>;
}

/** Rejected opens and closes the service recorded between two instants, by action and code. */
async function rejectionCodes(db: pg.Client, tenantId: string, from: Date, to: Date): Promise<Record<string, number>> {
  const { rows } = await db.query<{ action: string; code: string; n: string }>(
    `select action, code, count(*) as n from position_rejections
     where tenant_id = $1 and created_at >= $2 and created_at <= $3 group by 1, 2 order by 3 desc`,
    [tenantId, from, to],
  );
  return Object.fromEntries(rows.map((r) => [`${r.action} ${r.code}`, Number(r.n)]));
}

async function runPhases(
  service: ServiceProcess,
  database: BenchDatabase,
  tenant: BenchTenant,
  ids: string[],
  hot: BenchMarket,
  spread: BenchMarket[],
  bounded: BenchMarket[],
  limitedIds: string[],
) {
  const databaseUrl = await database.url();
  const observe = observer(service.pid, await postmasterPid(databaseUrl), databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const phases: TradingPhase[] = [];
  const measure = async (name: string, unit: string, load: () => Promise<LoadResult>, trading: boolean) => {
    const from = new Date();
    const watching = await observe();
    const locks = trading ? await sampleRowLocks(databaseUrl) : null;
    const result = await load();
    const seen: Observation = await watching.end();
    const lockProfile = locks ? await locks() : null;
    await sleep(500); // requests in flight when the phase ended finish (and record their rejections)
    const errorCodes = trading ? await rejectionCodes(db, tenant.tenantId, from, new Date()) : {};
    const phase: TradingPhase = {
      ...httpPhase(name, unit, settings.connections, result, seen),
      locks: lockProfile,
      errorCodes,
    };
    if (result.non2xx > 0 && trading) {
      phase.details.push(
        `error codes (recorded rejections; 5xx and idempotency answers are not recorded): ${JSON.stringify(errorCodes)}`,
      );
    }
    printPhase(phase);
    for (const line of lockProfile ? lockLines(lockProfile) : []) console.log(`  ${line}`);
    phases.push(phase);
    return phase;
  };

  try {
    const syncLoad = singleSyncLoad(service, tenant, ids, settings.connections);
    const syncs = (durationS: number) => () => syncLoad(durationS);
    const openLoads = openLoad(service, tenant, ids, settings.connections);
    const opens = (durationS: number, pick: () => BenchMarket) => () => openLoads(durationS, pick);
    const randomSpread = () => spread[randomInt(spread.length)]!;

    console.log(`\nwarm-up: single syncs for ${settings.warmupS} s (not counted)`);
    await syncs(settings.warmupS)();
    console.log(
      `\n[1] single POST /v1/balance-sync, ${settings.connections} clients, ${settings.durationS} s (the reference)`,
    );
    const sync = await measure('balance sync (reference)', 'requests', syncs(settings.durationS), false);

    console.log(`\nwarm-up: opens spread over ${spread.length} markets for ${settings.warmupS} s (not counted)`);
    await opens(settings.warmupS, randomSpread)();
    console.log(`\n[2] POST /v1/positions on ONE hot market, ${settings.connections} clients, ${settings.durationS} s`);
    const hotPhase = await measure(
      'opens, one hot market',
      'opens',
      opens(settings.durationS, () => hot),
      true,
    );

    console.log(
      `\n[3] POST /v1/positions spread over ${spread.length} markets, ${settings.connections} clients, ${settings.durationS} s`,
    );
    const spreadPhase = await measure(
      `opens, ${spread.length} markets`,
      'opens',
      opens(settings.durationS, randomSpread),
      true,
    );

    // The same load on markets with the sandbox bound (docs/operator-api.md, "Sandbox influence"): each
    // round also reads the tenant's shares of the last 24 hours on the markets it trades, and decides the
    // rule per open. Right after [3], so that the two are measured on the same machine state.
    console.log(
      `\n[3b] POST /v1/positions spread over ${bounded.length} markets with sandbox_influence ${BOUNDED_INFLUENCE}, ` +
        `${settings.connections} clients, ${settings.durationS} s`,
    );
    const randomBounded = () => bounded[randomInt(bounded.length)]!;
    const boundedPhase = await measure(
      `opens, ${bounded.length} bounded markets`,
      'opens',
      opens(settings.durationS, randomBounded),
      true,
    );
    // The same load by users who each set a day, week and month limit (docs/operator-api.md, "Player
    // limits"): each round also reads their limits and what they staked in each window. Users of their own,
    // since a limit cannot be removed at once, and the phases after must meet none.
    console.log(
      `\n[3l] POST /v1/positions spread over ${spread.length} markets by ${limitedIds.length} users with a day, week and ` +
        `month limit each, ${settings.connections} clients, ${settings.durationS} s`,
    );
    const limitedLoads = openLoad(service, tenant, limitedIds, settings.connections);
    const limitedPhase = await measure(
      `opens, ${spread.length} markets, limited users`,
      'opens',
      () => limitedLoads(settings.durationS, randomSpread),
      true,
    );
    // [3] again after them: the ceiling is the mean of the two, so neither side gains from running first
    // (the positions table grows through the run).
    console.log(`\n[3c] [3] again, the other side of [3b] and [3l]`);
    const spreadAgain = await measure(
      `opens, ${spread.length} markets (again)`,
      'opens',
      opens(settings.durationS, randomSpread),
      true,
    );

    let closePhase: TradingPhase | null = null;
    if (settings.closes) {
      const { rows } = await db.query<{ id: string }>(
        `select p.id from positions p join markets m on m.id = p.market_id
         where m.slug = $1 and p.state = 'open' and p.tenant_id = $2 order by random()`,
        [hot.slug, tenant.tenantId],
      );
      const positionIds = rows.map((r) => r.id);
      // Each position is closed once. Closes have run at 0.6–1.3x the hot open rate, so the phase lasts
      // half the time phase 2 took to open them, to not run out (if it does, the rest answer 409
      // position_terminal, listed in the error codes).
      const durationS = Math.max(
        1,
        Math.min(settings.durationS, Math.floor((0.5 * positionIds.length) / Math.max(1, hotPhase.requestsPerS))),
      );
      console.log(
        `\n[4] POST /v1/positions/{id}/close on the hot market, ${settings.connections} clients, ${durationS} s ` +
          `(${positionIds.length} positions of [2] to close)`,
      );
      if (positionIds.length > 0) {
        const closeKey = keyMaker('close');
        let at = 0;
        closePhase = await measure(
          'closes, one hot market',
          'closes',
          () =>
            runHttpLoad({
              baseUrl: service.sandboxUrl,
              path: '/v1/positions',
              apiKey: tenant.apiKey,
              connections: settings.connections,
              durationS,
              itemsPerRequest: 1,
              next: () => ({
                path: `/v1/positions/${positionIds[at++ % positionIds.length]}/close`,
                idempotencyKey: closeKey(),
                body: '{"min_price":"0"}',
              }),
            }),
          true,
        );
      } else console.log('  skipped: no open position on the hot market');
    }
    return {
      phases,
      sync,
      hot: hotPhase,
      spread: spreadPhase,
      bounded: boundedPhase,
      limited: limitedPhase,
      spreadAgain,
      close: closePhase,
    };
  } finally {
    await db.end().catch(() => {});
  }
}

function printSummary(r: Awaited<ReturnType<typeof runPhases>>): void {
  console.log(
    '\nsummary (per s: 2xx answers; CPU in % of one core; db: average backends waiting on a row lock / idle in transaction)\n',
  );
  const cpu = (p: Phase) =>
    p.cpu
      ? [p.cpu.service, p.cpu.postgres, p.cpu.loadGenerator, p.cpu.other, p.cpu.idle].map((v) => fmt(v, 0)).join('/')
      : 'n/a';
  const waits = (p: Phase) => (p.waits ? `${fmt(p.waits.lock)} / ${fmt(p.waits.idleInTransaction)}` : 'n/a');
  console.log(
    table(
      [
        'phase',
        'clients',
        'per s',
        'p50 ms',
        'p99 ms',
        'CPU svc/pg/gen/oth/idle',
        'lock wait / idle in tx',
        'non2xx/err',
      ],
      r.phases.map((p) => [
        p.name,
        String(p.clients),
        fmt(p.requestsPerS),
        fmt(p.p50, 2),
        fmt(p.p99, 2),
        cpu(p),
        waits(p),
        p.failureCells.split('/').slice(0, 2).join('/'),
      ]),
    ),
  );
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const ratio = (a: Phase, b: Phase) => fmt(a.requestsPerS / b.requestsPerS, 2);
  console.log('');
  console.log(`hot market / spread opens:        ${ratio(r.hot, r.spread)}x`);
  console.log(`hot market opens / balance sync:  ${ratio(r.hot, r.sync)}x`);
  console.log(`spread opens / balance sync:      ${ratio(r.spread, r.sync)}x`);
  if (r.close) console.log(`hot market closes / opens:        ${ratio(r.close, r.hot)}x`);
  const ceiling = (r.spread.requestsPerS + r.spreadAgain.requestsPerS) / 2;
  const bounded = r.bounded.requestsPerS / ceiling;
  console.log(
    `sandbox bound on / none (spread): ${fmt(bounded, 2)}x  (${fmt(r.bounded.requestsPerS)}/s against the ceiling ` +
      `${fmt(ceiling)}/s, the mean of [3] and [3c]; goal >= ${GOAL.boundedOverSpread}x: ${verdict(bounded >= GOAL.boundedOverSpread)})`,
  );
  const limited = r.limited.requestsPerS / ceiling;
  console.log(
    `player limits set / none (spread): ${fmt(limited, 2)}x  (${fmt(r.limited.requestsPerS)}/s against the same ceiling; ` +
      `goal >= ${GOAL.limitedOverSpread}x: ${verdict(limited >= GOAL.limitedOverSpread)})`,
  );
  console.log(
    `opens on one hot market:          ${fmt(r.hot.requestsPerS)}/s  (goal >= ${GOAL.hotOpensPerS}/s: ${verdict(r.hot.requestsPerS >= GOAL.hotOpensPerS)})`,
  );
  console.log(
    `opens spread over many markets:   ${fmt(r.spread.requestsPerS)}/s  (goal >= ${GOAL.spreadOpensPerS}/s: ${verdict(r.spread.requestsPerS >= GOAL.spreadOpensPerS)})`,
  );
  const held = r.hot.locks ? [...r.hot.locks.holders.values()].reduce((a, b) => a + b, 0) : 0;
  if (r.hot.locks && held > 0) {
    const idle = r.hot.locks.holders.get('idle in transaction') ?? 0;
    console.log(
      `hot market: ${fmt(r.hot.locks.onMarket / r.hot.locks.samples)} trades waiting on its row on average; the lock's holder was idle in ` +
        `transaction (waiting for the service) in ${fmt((100 * idle) / held, 0)} % of the samples (bench/README.md, "What limits the hot market")`,
    );
  }
}

console.log('trading benchmark');
console.log(
  `  node ${process.version}, ${availableParallelism()} CPUs shared by the service, the database and the load generator\n` +
    `  ${settings.users} users, 1 hot market + ${settings.markets} markets, stake ${STAKE}, DB_POOL_SIZE=${settings.poolSize}, ` +
    `${settings.connections} clients, phases of ${settings.durationS} s${args.quick ? ' (--quick)' : ''}, ` +
    `load average before the run ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
);
runBench(REPO_ROOT, settings.poolSize, async (service, database) => {
  const tenant = await createBenchTenant(service);
  const ids = userIds(settings.users);
  const setupStart = performance.now();
  await registerAndFund(service, tenant, ids);
  const { hot, spread } = await createHotAndSpread(service, tenant, settings.markets);
  const bounded = await createBounded(service, tenant, settings.markets);
  const limitedIds = userIds(settings.users).map((id) => `${id}-limited`);
  await registerAndFund(service, tenant, limitedIds);
  await setPlayerLimits(service, tenant, limitedIds);
  console.log(
    `  setup: tenant ${tenant.tenantId}, ${ids.length} users registered and funded, ${spread.length + 1} markets ` +
      `and ${bounded.length} with the sandbox bound, ${limitedIds.length} users more with player limits (caps ${MARKET_TERMS.max_stake_per_position}, liquidity ${MARKET_TERMS.liquidity}) in ${fmt((performance.now() - setupStart) / 1000)} s`,
  );
  if (args['no-analyze']) console.log('  --no-analyze: planner statistics left to autovacuum');
  else await analyze(await database.url());

  const loadStart = new Date();
  const result = await runPhases(service, database, tenant, ids, hot, spread, bounded, limitedIds);
  await sleep(1000); // requests in flight when a phase ended still finish on the server
  const ledger = await checkLedger(await database.url(), tenant.tenantId, loadStart);
  const trading = await checkTrading(await database.url(), tenant.tenantId);
  printSummary(result);
  const expected = ledger.applied + trading.openDebits + trading.closeCredits;
  console.log(
    `\nledger check: ${ledger.users} users, ${ledger.transactions} transactions (expected ${expected}: ${ledger.applied} applied syncs + ` +
      `${trading.openDebits} open debits + ${trading.closeCredits} close credits), ${ledger.mismatched} users whose balance ` +
      `differs from the sum of their transactions; keys still in_progress ${ledger.inProgressKeys}\n` +
      `  positions ${trading.positions} (${trading.open} open, ${trading.closed} closed); open debits ${trading.openDebits}, ` +
      `close credits ${trading.closeCredits}; positions without their exact open debit ${trading.badOpenDebits}, closed ones ` +
      `without their exact close credit ${trading.badCloseCredits}\n` +
      `  position_open keys done ${trading.doneOpenKeys} (expected ${trading.positions}), position_close keys done ` +
      `${trading.doneCloseKeys} (expected ${trading.closed}); rejected attempts recorded ${trading.rejections}\n` +
      `  ${trading.markets} markets: largest |q - shares of open positions| ${trading.qDrift.toExponential(2)} shares ` +
      `(a lost market update would show), markets whose price points are not 1 + one per round that traded there (at most one per trade) ${trading.badPricePoints}`,
  );
  console.log(
    `tables autovacuum analyzed during the load (plans may have changed): ${ledger.autoAnalyzed.join(', ') || 'none'}`,
  );
  printRunTail(service);
});
