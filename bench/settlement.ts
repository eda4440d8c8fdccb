/**
 * Settlement benchmark (bench/README.md): how long resolving a market with 10,000 open positions takes,
 * and the corrections of it. `npm run bench:settlement [-- --quick]` (--quick: 1,000 positions).
 * Prints numbers only: it fails (exit 1) when it cannot set up or run, never because of a number.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkLedger } from './lib/ledger-check.js';
import { keyMaker, userIds } from './lib/movements.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import { ADMIN_TOKEN } from './lib/service-process.js';
import { createBenchTenant, registerAndFund } from './lib/setup-tenant.js';
import { fmt } from './lib/stats.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, positions: { type: 'string' } },
});
const POSITIONS = Number(args.positions ?? (args.quick ? 1_000 : 10_000));
const USERS = Math.max(1, Math.ceil(POSITIONS / 5));
const CLIENTS = 32;

async function call(url: string, method: string, token: string, body?: unknown, idempotencyKey?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as any;
}

/** Wall time of one platform call, in seconds. */
async function timed(what: string, run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  const seconds = (performance.now() - start) / 1000;
  console.log(`  ${what}: ${fmt(seconds, 2)} s (${fmt(POSITIONS / seconds, 0)} positions/s)`);
  return seconds;
}

async function countEvents(databaseUrl: string, slug: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number(
      (await client.query(`select count(*) as n from events where data->>'market_slug' = $1`, [slug])).rows[0].n,
    );
  } finally {
    await client.end();
  }
}

console.log('settlement benchmark');
console.log(
  `  node ${process.version}, ${availableParallelism()} CPUs; ${POSITIONS} positions of ${USERS} users on one market${args.quick ? ' (--quick)' : ''}`,
);
runBench(REPO_ROOT, 16, async (service, database) => {
  const tenant = await createBenchTenant(service);
  const ids = userIds(USERS);
  await registerAndFund(service, tenant, ids);
  const slug = `bench-settle-${process.pid}`;
  const market = await call(`${service.platformUrl}/platform/v1/markets`, 'POST', ADMIN_TOKEN, {
    slug,
    title: 'Settlement bench',
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: new Date(Date.now() - 3_600_000).toISOString(),
    closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    max_stake_per_position: '1000000.00',
    max_open_stake_per_user: '1000000.00',
    liquidity: '100000',
    sandbox_influence: null, // the bench trusts its own sandbox traffic
  });
  await call(`${service.platformUrl}/platform/v1/tenants/${tenant.tenantId}/markets/${slug}`, 'PUT', ADMIN_TOKEN);

  const key = keyMaker('settle-open');
  let next = 0;
  const openStart = performance.now();
  const worker = async () => {
    while (next < POSITIONS) {
      const n = next++;
      const body = {
        external_user_id: ids[n % ids.length],
        market_slug: slug,
        outcome_id: market.outcomes[n % 2].id,
        stake: '1.00',
        max_price: '1',
      };
      await call(`${service.sandboxUrl}/v1/positions`, 'POST', tenant.apiKey, body, key());
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const openSeconds = (performance.now() - openStart) / 1000;
  console.log(
    `  setup: ${POSITIONS} positions opened in ${fmt(openSeconds, 1)} s (${fmt(POSITIONS / openSeconds, 0)} opens/s, ${CLIENTS} clients)`,
  );

  const platform = `${service.platformUrl}/platform/v1/markets/${slug}`;
  const [yes, no] = [market.outcomes[0].id, market.outcomes[1].id];
  const resolve = await timed('resolve (every position settled, one transaction)', () =>
    call(`${platform}/resolve`, 'POST', ADMIN_TOKEN, { outcome_id: yes }),
  );
  const correct = await timed('settlement correction (every position moves)', () =>
    call(`${platform}/corrections`, 'POST', ADMIN_TOKEN, { status: 'resolved', outcome_id: no }),
  );
  const toVoid = await timed('void correction (every position refunded)', () =>
    call(`${platform}/corrections`, 'POST', ADMIN_TOKEN, { status: 'voided' }),
  );

  const url = await database.url();
  const check = await checkLedger(url, tenant.tenantId, new Date(0));
  console.log('\nsummary');
  console.log(
    `  resolve ${fmt(resolve, 2)} s, settlement correction ${fmt(correct, 2)} s, void correction ${fmt(toVoid, 2)} s for ${POSITIONS} positions`,
  );
  console.log(`  events written for the market: ${await countEvents(url, slug)}`);
  console.log(
    `  ledger check: ${check.users} users, ${check.transactions} transactions, ${check.mismatched} users whose balance differs from the sum of their transactions`,
  );
  printRunTail(service);
});
