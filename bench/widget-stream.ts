/**
 * Benchmark of the realtime stream (bench/README.md): many concurrent streams of distinct users on one
 * market, a price change fanned out to all of them, the delay from the trade's answer to each arrival,
 * and the service's memory per stream, against ceilings measured in the same run (one stream alone, and
 * a bare LISTEN/NOTIFY round trip on the same database). `npm run bench:stream [-- --quick]`. Prints
 * numbers only: it fails (exit 1) when it cannot set up or run, never because of a number.
 */
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { BenchDatabase } from './lib/database.js';
import { printRunTail, runBench } from './lib/bench-run.js';
import { keyMaker, userIds } from './lib/movements.js';
import { startBareFanout } from './lib/bare-fanout.js';
import { ADMIN_TOKEN, type ServiceProcess } from './lib/service-process.js';
import { createBenchTenant, registerAndFund, type BenchTenant } from './lib/setup-tenant.js';
import { fmt, latencyOf, positive, table } from './lib/stats.js';
import { openStreamClient, openStreamClients, rssOf, type StreamClient } from './lib/stream-clients.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    streams: { type: 'string' },
    changes: { type: 'string' },
    pool: { type: 'string', default: '16' },
  },
});

const settings = {
  streams: Math.floor(positive('streams', args.streams ?? (args.quick ? '200' : '1000'))),
  changes: Math.floor(positive('changes', args.changes ?? (args.quick ? '5' : '20'))),
  poolSize: Math.floor(positive('pool', args.pool)),
};
/** How long one price change may take to reach every stream before the bench counts it missing. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** A pause between price changes, so that each is a delivery of its own. */
const GAP_MS = 150;
/** Rounds of one stream per user for the memory slope (a user may hold 5 on a process); RSS read this long after each. */
const MEMORY_ROUNDS = 5;
const RSS_SETTLE_MS = args.quick ? 1_000 : 3_000;

/** The least-squares slope of y over x. */
function slope(points: readonly [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxy / sxx;
}

async function call(url: string, method: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** One market, a trader and the watchers (funded by the batch endpoint), each watcher with a session. */
async function setUp(api: ServiceProcess, tenant: BenchTenant) {
  const slug = `stream-${Date.now().toString(36)}`;
  const market = await call(`${api.platformUrl}/platform/v1/markets`, 'POST', ADMIN_TOKEN, {
    slug,
    title: 'Stream bench',
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: new Date(Date.now() - 3_600_000).toISOString(),
    closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    max_stake_per_position: '1000000.00',
    max_open_stake_per_user: '1000000.00',
    liquidity: '1000',
    sandbox_influence: null, // the bench trusts its own sandbox traffic
  });
  await call(`${api.platformUrl}/platform/v1/tenants/${tenant.tenantId}/markets/${slug}`, 'PUT', ADMIN_TOKEN);
  const ids = userIds(settings.streams + 2);
  await registerAndFund(api, tenant, ids);
  const [trader, solo, ...watchers] = ids as [string, string, ...string[]];
  const mint = (user: string) =>
    call(`${api.sandboxUrl}/v1/widget/sessions`, 'POST', tenant.apiKey, { external_user_id: user }).then(
      (minted) => minted.token as string,
    );
  const tokens: string[] = new Array(watchers.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < watchers.length) {
        const i = next++;
        tokens[i] = await mint(watchers[i]!);
      }
    }),
  );
  return { slug, outcomeId: market.outcomes[0].id as string, trader, soloToken: await mint(solo), tokens };
}
type World = Awaited<ReturnType<typeof setUp>>;

/** A price change: a 1.00 open by the trader through the API key; resolves at its answer. */
function priceChange(api: ServiceProcess, tenant: BenchTenant, world: World, key: () => string) {
  const body = {
    external_user_id: world.trader,
    market_slug: world.slug,
    outcome_id: world.outcomeId,
    stake: '1.00',
    max_price: '1',
  };
  return call(`${api.sandboxUrl}/v1/positions`, 'POST', tenant.apiKey, body, { 'idempotency-key': key() }).then(() =>
    performance.now(),
  );
}

interface FanOut {
  /** Arrival minus the trade's answer, per stream and change, in ms. */
  delays: number[];
  missing: number;
  /** From the answer to the last stream's arrival, per change. */
  lastArrival: number[];
}

/**
 * `changes` price changes one after another, each awaited on every stream before the next; `change`
 * makes one and resolves at its answer (performance.now()).
 */
async function fanOut(clients: StreamClient[], changes: number, change: () => Promise<number>): Promise<FanOut> {
  const result: FanOut = { delays: [], missing: 0, lastArrival: [] };
  for (let c = 0; c < changes; c++) {
    const before = clients.map((client) => client.prices.length);
    const answeredAt = await change();
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (clients.some((client, i) => client.prices.length <= before[i]!) && Date.now() < deadline) await sleep(2);
    let last = -Infinity;
    clients.forEach((client, i) => {
      const arrival = client.prices[before[i]!];
      if (arrival === undefined) result.missing++;
      else {
        result.delays.push(arrival - answeredAt);
        last = Math.max(last, arrival - answeredAt);
      }
    });
    result.lastArrival.push(last);
    await sleep(GAP_MS);
  }
  return result;
}

/**
 * The floor under any PostgreSQL fan-out: from sending a NOTIFY (its own transaction, committed) to its
 * arrival on a LISTEN connection. A trade's answer comes after its commit, so the stream's delay from the
 * answer has this round trip's second half at most; it is printed for scale, not as a ratio.
 */
async function notifyRoundTrips(url: string, samples: number): Promise<number[]> {
  const [listener, notifier] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  await Promise.all([listener.connect(), notifier.connect()]);
  try {
    await listener.query('listen bench_probe');
    const delays: number[] = [];
    for (let i = 0; i < samples; i++) {
      const arrived = new Promise<number>((resolve) => listener.once('notification', () => resolve(performance.now())));
      const sent = performance.now();
      await notifier.query("select pg_notify('bench_probe', '')");
      delays.push((await arrived) - sent);
      await sleep(10);
    }
    return delays;
  } finally {
    await Promise.all([listener.end(), notifier.end()]);
  }
}

const mib = (bytes: number) => bytes / 1024 / 1024;

interface Phase {
  name: string;
  streams: number;
  latency: { p50: number; p99: number };
  missing: number;
  /** The slowest arrival of any change on any stream. */
  max: number;
  /** The serving process's RSS growth per open stream (the slope over the steps), in bytes. */
  perStream: number;
}

/**
 * Opens one stream per token on `baseUrl` and fans `settings.changes` changes out to them; then, for the
 * memory per stream, opens one more per token MEMORY_ROUNDS - 1 times (a user may hold 5), reading the
 * serving process's RSS after each round. A single before/after pair of RSS is at the mercy of one
 * garbage collection (it swings by ±20 MiB here); the slope over several thousand streams much less so.
 */
async function manyStreams(
  name: string,
  pid: number,
  baseUrl: string,
  tokens: readonly string[],
  market: string,
  change: () => Promise<number>,
): Promise<Phase> {
  const openedAt = performance.now();
  const clients = await openStreamClients(baseUrl, tokens, market);
  console.log(
    `  ${clients.length} streams opened in ${fmt((performance.now() - openedAt) / 1000, 2)} s (each with its starting state)`,
  );
  const result = await fanOut(clients, settings.changes, change);
  const latency = latencyOf(result.delays);
  const ended = clients.filter((c) => c.ended).length;
  console.log(
    `  answer → prices arrived: p50 ${fmt(latency.p50, 2)} ms, p99 ${fmt(latency.p99, 2)} ms; last stream of each ` +
      `change p50 ${fmt(latencyOf(result.lastArrival).p50, 2)} ms, max ${fmt(Math.max(...result.lastArrival), 2)} ms`,
  );
  console.log(`  ${result.delays.length} deliveries, ${result.missing} missing, ${ended} streams ended early`);

  await sleep(RSS_SETTLE_MS);
  const points: [number, number][] = [[clients.length, await rssOf(pid)]];
  for (let round = 2; round <= MEMORY_ROUNDS; round++) {
    clients.push(...(await openStreamClients(baseUrl, tokens, market)));
    await sleep(RSS_SETTLE_MS);
    points.push([clients.length, await rssOf(pid)]);
  }
  const perStream = slope(points);
  const dropped = clients.filter((c) => c.ended).length;
  for (const client of clients) client.close();
  console.log(
    `  RSS by open streams: ${points.map(([n, rss]) => `${n}: ${fmt(mib(rss))}`).join(', ')} MiB; ` +
      `slope ${fmt(perStream / 1024)} KiB/stream; ${dropped} ended early`,
  );
  const max = Math.max(...result.lastArrival);
  return { name, streams: tokens.length, latency, missing: result.missing, max, perStream };
}

async function run(api: ServiceProcess, database: BenchDatabase): Promise<void> {
  const tenant = await createBenchTenant(api);
  const world = await setUp(api, tenant);
  const key = keyMaker('stream-trade');
  const trade = () => priceChange(api, tenant, world, key);
  console.log(`  setup done: 1 market, ${world.tokens.length} watchers with sessions, 1 trader`);

  console.log(`\n[1] for scale: a bare LISTEN/NOTIFY round trip on the same database`);
  const notify = latencyOf(await notifyRoundTrips(await database.url(), args.quick ? 20 : 100));
  console.log(`  NOTIFY sent → notification arrived: p50 ${fmt(notify.p50, 2)} ms, p99 ${fmt(notify.p99, 2)} ms`);

  console.log(`\n[2] for scale: one stream alone, ${settings.changes} price changes`);
  const solo = await openStreamClient(api.sandboxUrl, world.soloToken, world.slug);
  const alone = await fanOut([solo], settings.changes, trade);
  solo.close();
  const aloneLatency = latencyOf(alone.delays);
  console.log(
    `  trade answered → prices arrived: p50 ${fmt(aloneLatency.p50, 2)} ms, p99 ${fmt(aloneLatency.p99, 2)} ms`,
  );

  console.log(
    `\n[3] ceiling: a bare node:http server in its own process writing one frame to ${settings.streams} streams`,
  );
  const bare = await startBareFanout();
  let ceiling: Phase;
  try {
    ceiling = await manyStreams('bare fan-out', bare.pid, bare.url, world.tokens, 'bare', bare.fire);
  } finally {
    await bare.stop();
  }

  console.log(
    `\n[4] the service: ${settings.streams} streams of distinct users on one market, ${settings.changes} trades`,
  );
  const service = await manyStreams('service', api.pid, api.sandboxUrl, world.tokens, world.slug, trade);

  console.log(
    "\nsummary (delay: from the answer at the load generator (the trade's, or /fire's) to the event at the reader)",
  );
  const row = (p: Phase) => [
    p.name,
    String(p.streams),
    fmt(p.latency.p50, 2),
    fmt(p.latency.p99, 2),
    String(p.missing),
    Number.isFinite(p.perStream) ? fmt(p.perStream / 1024) : '-',
  ];
  console.log(
    table(
      ['phase', 'streams', 'delay p50 ms', 'delay p99 ms', 'missing', 'KiB/stream'],
      [
        ['bare LISTEN/NOTIFY', '-', fmt(notify.p50, 2), fmt(notify.p99, 2), '-', '-'],
        ['service, one stream', '1', fmt(aloneLatency.p50, 2), fmt(aloneLatency.p99, 2), String(alone.missing), '-'],
        row(ceiling),
        row(service),
      ],
    ),
  );
  console.log(
    `  service / bare fan-out: delay p50 ${fmt(service.latency.p50 / ceiling.latency.p50, 2)}×, ` +
      `p99 ${fmt(service.latency.p99 / ceiling.latency.p99, 2)}×; memory per stream ${fmt(service.perStream / ceiling.perStream, 2)}×`,
  );
  const met = service.missing === 0 && service.max < 1_000;
  console.log(`  goal: every change on every stream within 1 s: ${met ? 'met' : 'NOT met'}`);
  printRunTail(api);
}

console.log('realtime stream benchmark');
console.log(
  `  node ${process.version}, ${availableParallelism()} CPUs shared by the service, the database and this process (the readers); ` +
    `${settings.streams} streams, ${settings.changes} price changes${args.quick ? ' (--quick)' : ''}, load average ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}`,
);
process.env.RUN_WORKERS = '0';
runBench(REPO_ROOT, settings.poolSize, run);
