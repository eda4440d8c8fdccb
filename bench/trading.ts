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
import { httpPhase, printPhase, type Phase } from './lib/report.js';
import { analyze, postmasterPid, type BenchDatabase } from './lib/database.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import { ADMIN_TOKEN, type ServiceProcess } from './lib/service-process.js';
import { createBenchTenant, registerAndFund, type BenchTenant } from './lib/setup-tenant.js';
import { fmt, table, positive } from './lib/stats.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The goals, on this 2-core machine. */
const GOAL = { hotOpensPerS: 500, spreadOpensPerS: 1500 };

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-analyze': { type: 'boolean', default: false },
    'no-closes': { type: 'boolean', default: false },
    duration: { type: 'string' },
    users: { type: 'string', default: '2000' },
    markets: { type: 'string', default: '100' },
    pool: { type: 'string', default: '16' },
    connections: { type: 'string', default: '32' },
  },
});

const settings = {
  durationS: positive('duration', args.duration ?? (args.quick ? '2' : '10')),
  warmupS: args.quick ? 0.5 : 2,
  users: Math.floor(positive('users', args.users)),
  markets: Math.floor(positive('markets', args.markets)),
  poolSize: Math.floor(positive('pool', args.pool)),
  connections: Math.floor(positive('connections', args.connections)),
  closes: !args['no-closes'],
};

/** Every open: a small stake, any price accepted; caps and depth so large that nothing is refused. */
const STAKE = '1.00';
const MARKET_TERMS = {
  max_stake_per_position: '1000000.00',
  max_open_stake_per_user: '1000000.00',
  liquidity: '100000',
};

interface BenchMarket {
  slug: string;
  outcomes: string[];
  /** Opens alternate between the outcomes so that the price stays mid-range. */
  next: number;
}

async function platform(service: ServiceProcess, method: string, route: string, body?: unknown): Promise<any> {
  const res = await fetch(`${service.platformUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

/** Two-outcome markets at even prices, open from an hour ago for 30 days, enabled for the bench tenant. */
async function createMarkets(service: ServiceProcess, tenant: BenchTenant, slugs: string[]): Promise<BenchMarket[]> {
  const opensAt = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const closesAt = new Date(Date.now() + 30 * 86400_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const markets: BenchMarket[] = [];
  for (const slug of slugs) {
    const market = await platform(service, 'POST', '/platform/v1/markets', {
      slug,
      title: `Bench market ${slug}`,
      outcomes: [{ title: 'Yes' }, { title: 'No' }],
      opens_at: opensAt,
      closes_at: closesAt,
      ...MARKET_TERMS,
    });
    await platform(service, 'PUT', `/platform/v1/tenants/${tenant.tenantId}/markets/${slug}`);
    markets.push({ slug, outcomes: (market.outcomes as { id: string }[]).map((o) => o.id), next: 0 });
  }
  return markets;
}

function openBody(market: BenchMarket, ids: readonly string[]): string {
  const outcome = market.outcomes[market.next++ % market.outcomes.length]!;
  return JSON.stringify({
    external_user_id: ids[randomInt(ids.length)]!,
    market_slug: market.slug,
    outcome_id: outcome,
    stake: STAKE,
    max_price: '1',
  });
}

/*
 * Who holds the contended row locks. Every 100 ms: the backends waiting on a row lock, by the statement
 * they wait in (the market lock `… for update of m`, the user lock `from "users" … for update`), and the
 * holders of the market locks they wait for (their blockers that do not wait on a market lock themselves):
 * running a statement, flushing WAL at commit, waiting on a user lock, or idle in transaction, that is,
 * waiting for the service to send its next statement while every other trade on the market waits.
 */
interface LockProfile {
  samples: number;
  /** Samples with at least one backend waiting on a market lock. */
  contended: number;
  onMarket: number;
  onUser: number;
  otherLock: number;
  /** Holder state → samples (one per holder per sample). */
  holders: Map<string, number>;
  /** For idle-in-transaction holders: the statement they last ran → samples. */
  idleAfter: Map<string, number>;
}

const LOCK_QUERY = `
  with w as (
    select pid, query from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend' and wait_event_type = 'Lock'
  ), mw as (select pid from w where query like '%for update of m%')
  select
    (select count(*) from mw)::int as on_market,
    (select count(*) from w where query like '%from "users"%')::int as on_user,
    (select count(*) from w)::int as waiting,
    (select coalesce(json_agg(json_build_object('state', a.state, 'type', a.wait_event_type, 'event', a.wait_event, 'query', a.query)), '[]')
       from pg_stat_activity a
       where a.pid in (select unnest(pg_blocking_pids(pid)) from mw) and a.pid not in (select pid from mw)) as holders`;

/** Which of the service's statements a query text is (see open-position.ts and execute-open.ts). */
function statementOf(query: string): string {
  const q = query.toLowerCase();
  if (q.includes('for update of m') || q.startsWith('select m.id, m.slug')) return 'market lock';
  if (q.includes('from "users"') && q.includes('for update')) return 'user lock';
  if (q.includes('sum(stake_minor)')) return 'open stake sum';
  if (q.includes('insert into transactions')) return 'ledger insert+balance update';
  if (q.includes('insert into "positions"')) return 'position insert';
  if (q.includes('update "positions"')) return 'position close update';
  if (q.includes('from "positions"')) return q.includes('for update') ? 'position lock' : 'position read';
  if (q.includes('update markets set q')) return 'market state + price point';
  if (q.includes('update idempotency_keys')) return 'key completion';
  if (q.trim() === 'commit') return 'commit';
  if (q.trim() === 'begin') return 'begin';
  return q.replace(/\s+/g, ' ').trim().slice(0, 40);
}

function holderState(h: { state: string; type: string | null; event: string | null }): string {
  if (h.state?.startsWith('idle in transaction')) return 'idle in transaction';
  if (h.state !== 'active') return h.state ?? 'unknown';
  if (h.type === null) return 'running';
  if (h.type === 'Lock') return 'waiting on another lock';
  if (/^WAL/i.test(h.event ?? '')) return 'WAL write/flush';
  return `${h.type}:${h.event}`;
}

async function sampleRowLocks(databaseUrl: string): Promise<() => Promise<LockProfile>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const profile: LockProfile = {
    samples: 0,
    contended: 0,
    onMarket: 0,
    onUser: 0,
    otherLock: 0,
    holders: new Map(),
    idleAfter: new Map(),
  };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const { rows } = await client.query<{
        on_market: number;
        on_user: number;
        waiting: number;
        holders: { state: string; type: string | null; event: string | null; query: string }[];
      }>(LOCK_QUERY);
      const r = rows[0]!;
      profile.samples++;
      profile.onMarket += r.on_market;
      profile.onUser += r.on_user;
      profile.otherLock += r.waiting - r.on_market - r.on_user;
      if (r.on_market > 0) profile.contended++;
      for (const h of r.holders) {
        const state = holderState(h);
        add(profile.holders, state);
        if (state === 'idle in transaction') add(profile.idleAfter, statementOf(h.query));
      }
      await sleep(Math.max(0, 100 - (performance.now() - started)));
    }
  })().catch(() => {});
  return async () => {
    stopped = true;
    await loop;
    await client.end().catch(() => {});
    return profile;
  };
}

const shares = (map: Map<string, number>, total: number, top = 6) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, n]) => `${k} ${fmt((100 * n) / total, 0)} %`)
    .join(', ');

function lockLines(p: LockProfile): string[] {
  if (p.samples === 0) return [];
  const avg = (n: number) => fmt(n / p.samples);
  const lines = [
    `row lock waits on average: ${avg(p.onMarket)} on a market row, ${avg(p.onUser)} on a user row, ${avg(p.otherLock)} on others; ` +
      `a market row had waiters in ${fmt((100 * p.contended) / p.samples, 0)} % of ${p.samples} samples`,
  ];
  const held = [...p.holders.values()].reduce((a, b) => a + b, 0);
  if (held > 0) {
    lines.push(`  the market lock's holder while others waited: ${shares(p.holders, held)}`);
    const idle = p.holders.get('idle in transaction') ?? 0;
    if (idle > 0) lines.push(`  idle in transaction after (the statement it last ran): ${shares(p.idleAfter, idle)}`);
  }
  return lines;
}

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
    const openKey = keyMaker('open');
    const opens = (durationS: number, pick: () => BenchMarket) => () =>
      runHttpLoad({
        baseUrl: service.sandboxUrl,
        path: '/v1/positions',
        apiKey: tenant.apiKey,
        connections: settings.connections,
        durationS,
        itemsPerRequest: 1,
        next: () => ({ idempotencyKey: openKey(), body: openBody(pick(), ids) }),
      });
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
    return { phases, sync, hot: hotPhase, spread: spreadPhase, close: closePhase };
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
  const slugs = Array.from({ length: settings.markets }, (_, i) => `bench-m${String(i + 1).padStart(3, '0')}`);
  const [hot, ...spread] = await createMarkets(service, tenant, ['bench-hot', ...slugs]);
  console.log(
    `  setup: tenant ${tenant.tenantId}, ${ids.length} users registered and funded, ${spread.length + 1} markets ` +
      `(caps ${MARKET_TERMS.max_stake_per_position}, liquidity ${MARKET_TERMS.liquidity}) in ${fmt((performance.now() - setupStart) / 1000)} s`,
  );
  if (args['no-analyze']) console.log('  --no-analyze: planner statistics left to autovacuum');
  else await analyze(await database.url());

  const loadStart = new Date();
  const result = await runPhases(service, database, tenant, ids, hot!, spread);
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
      `(a lost market update would show), markets whose price points are not 1 + opens + closes ${trading.badPricePoints}`,
  );
  console.log(
    `tables autovacuum analyzed during the load (plans may have changed): ${ledger.autoAnalyzed.join(', ') || 'none'}`,
  );
  printRunTail(service);
});
