/**
 * Leaderboard benchmark (bench/README.md): GET /v1/widget/leaderboard over 100,000 ended positions, each
 * period, against the same query sent bare (the service's own repo function on a pool: no HTTP, auth,
 * zod or presentation). `npm run bench:leaderboard [-- --quick]` (--quick: 10,000 positions).
 * Prints numbers only: it fails (exit 1) when it cannot set up or run, never because of a number.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, createPool } from '../packages/service/src/db/connection.js';
import type { Environment } from '../packages/service/src/db/schema.js';
import {
  applyLeaderboardDeltas,
  leaderboardDeltas,
  PERIODS,
  readLeaderboard,
  type Period,
} from '../packages/service/src/domains/leaderboard/index.js';
import { periodStart } from '../packages/service/src/domains/leaderboard/model/period.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import { userIds } from './lib/movements.js';
import { ADMIN_TOKEN } from './lib/service-process.js';
import { createBenchTenant, registerAndFund } from './lib/setup-tenant.js';
import { fmt, latencyOf, table, type Latency } from './lib/stats.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, positions: { type: 'string' }, users: { type: 'string' } },
});
const POSITIONS = Number(args.positions ?? (args.quick ? 10_000 : 100_000));
const USERS = Number(args.users ?? (args.quick ? 200 : 2_000));
/** Requests per period; tier widget_session allows 10 a minute per user, so they rotate over the users. */
const REQUESTS = args.quick ? 40 : 200;
/** Ended positions spread over this many days back from now. */
const DAYS = 60;

async function call(url: string, method: string, token: string, body?: unknown) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as any) : null;
}

/**
 * Ended positions written straight into the database (opening 100,000 through the API would take
 * longer than the measurement is worth): closed at a random time of the last DAYS days, with a payout
 * between 0 and twice the stake. Each user gets one zero-amount ledger row for the positions to point
 * at, so every balance still equals the sum of its transactions.
 */
async function seedEndedPositions(url: string, tenantId: string, marketId: string, outcomeId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into transactions (id, tenant_id, environment, user_id, entry_type, amount_minor, balance_after_minor, created_at)
       select gen_random_uuid(), u.tenant_id, u.environment, u.id, 'bench_seed', 0, u.balance_minor, now()
       from users u where u.tenant_id = $1`,
      [tenantId],
    );
    // Opened first, then ended in one statement with their leaderboard buckets, as a settlement of that
    // size would end them.
    await client.query(
      `with u as (
         select u.id, t.id as tx, row_number() over (order by u.id) - 1 as n, count(*) over () as users
         from users u join transactions t on t.user_id = u.id and t.entry_type = 'bench_seed'
         where u.tenant_id = $1
       )
       insert into positions (id, tenant_id, environment, user_id, market_id, outcome_id, state, stake_minor,
                              shares_units, price_micro, open_transaction_id, opened_via, opened_at)
       select gen_random_uuid(), $1, 'sandbox', u.id, $2, $3, 'open', 100 + (g % 900), 1000000, 500000, u.tx,
              'api_key', now() - make_interval(secs => (g * 104729) % ($5 * 86400)) - interval '1 minute'
       from generate_series(0::bigint, $4::bigint - 1) g join u on u.n = g % u.users`,
      [tenantId, marketId, outcomeId, POSITIONS, DAYS],
    );
    const ended = performance.now();
    await endPositions(url, tenantId);
    console.log(
      `  ended ${POSITIONS} positions in one statement, and wrote their leaderboard buckets, in ${fmt((performance.now() - ended) / 1000, 2)} s`,
    );
    await client.query(
      `insert into widget_profiles (user_id, tenant_id, environment, display_name, show_on_leaderboard, updated_at)
       select id, tenant_id, environment, 'Player ' || external_user_id, true, now() from users where tenant_id = $1`,
      [tenantId],
    );
    // A freshly loaded table has no visibility map yet: without it an index-only scan still reads the heap.
    await client.query('vacuum analyze leaderboard_buckets');
    await client.query('vacuum analyze widget_profiles');
    const plan = await client.query(
      `explain (analyze, format text)
       select b.user_id, wp.display_name, b.pnl_minor from leaderboard_buckets b
       join widget_profiles wp on wp.user_id = b.user_id and wp.show_on_leaderboard
       where b.tenant_id = $1 and b.environment = 'sandbox' and b.period = 'all' and b.starts_at = 'epoch'
         and b.positions > 0
       order by b.pnl_minor desc, wp.display_name limit 100`,
      [tenantId],
    );
    return plan.rows.map((r) => r['QUERY PLAN'] as string);
  } finally {
    await client.end();
  }
}

/**
 * Closes every position of the tenant in one statement and adds them to the leaderboard's buckets in the
 * same transaction, through the service's own rule and repo (domains/leaderboard), as a close or a
 * settlement does.
 */
async function endPositions(url: string, tenantId: string) {
  const pool = createPool(url, 1);
  try {
    await createDb(pool)
      .transaction()
      .execute(async (tx) => {
        const { rows } = await sql<{
          tenant_id: string;
          environment: Environment;
          user_id: string;
          stake_minor: bigint;
          payout_minor: bigint;
          closed_at: Date;
        }>`
          update positions set state = 'closed', closed_via = 'api_key', close_price_micro = 500000,
            payout_minor = ((seq * 7919) % 2000) * stake_minor / 1000, closed_at = opened_at + interval '1 minute'
          where tenant_id = ${tenantId}
          returning tenant_id, environment, user_id, stake_minor, payout_minor, closed_at`.execute(tx);
        const changes = rows.map((r) => ({
          tenantId: r.tenant_id,
          environment: r.environment,
          userId: r.user_id,
          before: null,
          after: { endedAt: r.closed_at, stake: r.stake_minor, payout: r.payout_minor },
        }));
        await applyLeaderboardDeltas(tx, leaderboardDeltas(changes));
      });
  } finally {
    await pool.end();
  }
}

async function timeEach(count: number, run: (i: number) => Promise<unknown>): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  return latencyOf(samples.sort((a, b) => a - b));
}

console.log('leaderboard benchmark');
console.log(
  `  node ${process.version}, ${availableParallelism()} CPUs; ${POSITIONS} ended positions of ${USERS} users, all shown, over ${DAYS} days${args.quick ? ' (--quick)' : ''}`,
);
runBench(REPO_ROOT, 16, async (service, database) => {
  const tenant = await createBenchTenant(service);
  const ids = userIds(USERS);
  await registerAndFund(service, tenant, ids);
  const slug = `bench-board-${process.pid}`;
  const market = await call(`${service.platformUrl}/platform/v1/markets`, 'POST', ADMIN_TOKEN, {
    slug,
    title: 'Leaderboard bench',
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: new Date(Date.now() - 90 * 86_400_000).toISOString(),
    closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    max_stake_per_position: '1000.00',
    max_open_stake_per_user: '1000.00',
    liquidity: '1000',
    sandbox_influence: null, // the bench trusts its own sandbox traffic
  });
  const url = await database.url();
  const seedStart = performance.now();
  const plan = await seedEndedPositions(url, tenant.tenantId, market.id, market.outcomes[0].id);
  console.log(`  seeded ${POSITIONS} ended positions in ${fmt((performance.now() - seedStart) / 1000)} s`);
  console.log('  plan of the top 100 of all time (EXPLAIN ANALYZE):');
  for (const line of plan.filter((l) => /Scan|Heap Fetches|Execution Time/.test(l))) console.log(`    ${line.trim()}`);

  // Sessions of distinct users: each request below uses the next one, well inside 10 a minute per user.
  const tokens: string[] = [];
  for (const id of ids.slice(0, Math.min(ids.length, REQUESTS)))
    tokens.push(
      (await call(`${service.sandboxUrl}/v1/widget/sessions`, 'POST', tenant.apiKey, { external_user_id: id })).token,
    );

  const pool = createPool(url, 4);
  const db = createDb(pool);
  const userIdOf = new Map(
    (await pool.query('select external_user_id, id from users where tenant_id = $1', [tenant.tenantId])).rows.map(
      (r) => [r.external_user_id as string, r.id as string],
    ),
  );
  const rows: string[][] = [];
  try {
    for (const period of PERIODS as readonly Period[]) {
      let entries = 0;
      const viaApi = await timeEach(REQUESTS, async (i) => {
        const board = await call(
          `${service.sandboxUrl}/v1/widget/leaderboard?period=${period}&limit=100`,
          'GET',
          tokens[i % tokens.length]!,
        );
        entries = board.entries.length;
      });
      const from = periodStart(period, new Date());
      const scope = { tenantId: tenant.tenantId, environment: 'sandbox' as const };
      const bare = await timeEach(REQUESTS, (i) =>
        readLeaderboard(db, scope, {
          period,
          startsAt: from ?? new Date(0),
          limit: 100,
          userId: userIdOf.get(ids[i % tokens.length]!)!,
        }),
      );
      const counted = (
        await pool.query('select count(*) as n from positions where tenant_id = $1 and ended_at >= $2', [
          tenant.tenantId,
          from ?? new Date(0),
        ])
      ).rows[0].n;
      rows.push([
        period,
        String(counted),
        String(entries),
        fmt(viaApi.p50, 2),
        fmt(viaApi.p99, 2),
        fmt(bare.p50, 2),
        fmt(bare.p99, 2),
        `${fmt(bare.p50 / viaApi.p50, 2)}x`,
      ]);
    }
  } finally {
    await pool.end();
  }
  console.log(`\nsummary (${REQUESTS} sequential requests per period, limit=100; ceiling = the same query bare)`);
  console.log(
    table(
      [
        'period',
        'ended positions in it',
        'entries',
        'API p50 ms',
        'API p99 ms',
        'bare p50 ms',
        'bare p99 ms',
        'bare/API p50',
      ],
      rows,
    ),
  );
  printRunTail(service);
});
