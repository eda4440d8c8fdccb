/**
 * Benchmark of webhook delivery (bench/README.md): commit-to-delivery delay while widget trades run, and
 * delivery throughput draining a backlog with one and with two worker processes, to a receiver on
 * loopback. `npm run bench:webhooks [-- --quick]`. Prints numbers only: it fails (exit 1) when it cannot
 * set up or run, never because of a number.
 */
import { randomInt } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { verifySignature } from '../packages/service/src/domains/webhooks/signature.js';
import { prepareDatabase } from './lib/database.js';
import { keyMaker, userIds } from './lib/movements.js';
import { call, startWorker } from './lib/api-calls.js';
import { serveOnLoopback } from './lib/loopback-server.js';
import { ADMIN_TOKEN, startServiceProcess, type ServiceProcess } from './lib/service-process.js';
import { createBenchTenant, registerAndFund } from './lib/setup-tenant.js';
import { fmt, latencyOf, table, positive } from './lib/stats.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    tenants: { type: 'string', default: '4' },
    // 400 per tenant: an end user may make 10 position requests a minute (docs/operator-api.md, "Rate limits"), and a
    // full run makes about 3,500 opens, spread evenly over the users.
    users: { type: 'string' },
    markets: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
    pool: { type: 'string', default: '16' },
  },
});

const settings = {
  durationS: positive('duration', args.duration ?? (args.quick ? '1' : '10')),
  warmupS: args.quick ? 0.5 : 3,
  tenants: Math.floor(positive('tenants', args.tenants)),
  usersPerTenant: Math.floor(positive('users', args.users ?? (args.quick ? '100' : '400'))),
  markets: Math.floor(positive('markets', args.markets)),
  connections: Math.floor(positive('connections', args.connections)),
  poolSize: Math.floor(positive('pool', args.pool)),
};
/** How long to wait for the last deliveries of a phase. */
const DRAIN_TIMEOUT_MS = 120_000;

// ---- the receiver: verifies every signature, records when each delivery arrived ------------------

interface Arrival {
  id: string;
  positionId: string;
  occurredAt: number;
  receivedAt: number;
}

async function startReceiver(secrets: Map<string, string>) {
  const state = { arrivals: [] as Arrival[], seen: new Set<string>(), duplicates: 0, badSignatures: 0 };
  const server = await serveOnLoopback((req, res, raw) => {
    const receivedAt = Date.now();
    if (!verifySignature(secrets.get(req.url ?? '') ?? '', raw, req.headers['x-webhook-signature'] as string)) {
      state.badSignatures++;
      res.writeHead(401).end();
      return;
    }
    const body = JSON.parse(raw.toString('utf8')) as {
      id: string;
      occurred_at: string;
      data: { position_id: string };
    };
    if (state.seen.has(body.id)) state.duplicates++;
    state.seen.add(body.id);
    state.arrivals.push({
      id: body.id,
      positionId: body.data.position_id,
      occurredAt: Date.parse(body.occurred_at),
      receivedAt,
    });
    res.writeHead(204).end();
  });
  return Object.assign(state, {
    base: server.base,
    reset: () => Object.assign(state, { arrivals: [], seen: new Set<string>(), duplicates: 0, badSignatures: 0 }),
    close: server.close,
  });
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

// ---- setup through the APIs ------------------------------------------------------------------------

/** Tenants posting to the receiver (one path and secret each), markets enabled for all, users with sessions. */
async function setUp(api: ServiceProcess, receiver: Receiver, secrets: Map<string, string>) {
  const markets: { slug: string; outcomes: string[] }[] = [];
  const run = Date.now().toString(36);
  for (let m = 0; m < settings.markets; m++) {
    const market = await call(`${api.platformUrl}/platform/v1/markets`, 'POST', ADMIN_TOKEN, {
      slug: `wh-${run}-${m}`,
      title: `Webhook bench ${m}`,
      outcomes: [{ title: 'Yes' }, { title: 'No' }],
      opens_at: new Date(Date.now() - 3_600_000).toISOString(),
      closes_at: new Date(Date.now() + 86_400_000).toISOString(),
      max_stake_per_position: '1000000.00',
      max_open_stake_per_user: '1000000.00',
      liquidity: '100000',
      sandbox_influence: null, // the bench trusts its own sandbox traffic
    });
    markets.push({ slug: market.slug, outcomes: market.outcomes.map((o: { id: string }) => o.id) });
  }
  const sessions: string[] = [];
  for (let t = 0; t < settings.tenants; t++) {
    const tenant = await createBenchTenant(api);
    const env = `${api.platformUrl}/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
    await call(env, 'PUT', ADMIN_TOKEN, { webhook_url: `${receiver.base}/t${t}` });
    secrets.set(`/t${t}`, (await call(`${env}/webhook-secret`, 'POST', ADMIN_TOKEN)).webhook_secret);
    for (const market of markets)
      await call(
        `${api.platformUrl}/platform/v1/tenants/${tenant.tenantId}/markets/${market.slug}`,
        'PUT',
        ADMIN_TOKEN,
      );
    const ids = userIds(settings.usersPerTenant);
    await registerAndFund(api, tenant, ids);
    for (const id of ids) {
      const minted = await call(
        `${api.sandboxUrl}/v1/widget/sessions`,
        'POST',
        tenant.apiKey,
        { external_user_id: id },
        [201],
      );
      sessions.push(minted.token as string);
    }
  }
  return { markets, sessions };
}

// ---- load: widget opens, each writing one position.opened --------------------------------------

/** Opens go round the sessions, across phases, so no user passes the 10 a minute of its positions tier. */
let nextSession = 0;

interface TradeResult {
  opened: number;
  /** When the load generator had the answer of each open, by position id. */
  answeredAt: Map<string, number>;
  failed: number;
  firstFailure: string | null;
  elapsedS: number;
  p50: number;
  p99: number;
}

function trade(api: ServiceProcess, world: Awaited<ReturnType<typeof setUp>>, durationS: number): Promise<TradeResult> {
  const key = keyMaker('wh-open');
  const latencies: number[] = [];
  let opened = 0;
  let firstFailure: string | null = null;
  const answeredAt = new Map<string, number>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: api.sandboxUrl,
        connections: settings.connections,
        duration: durationS,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            path: '/v1/positions',
            setupRequest: (request) => {
              const market = world.markets[randomInt(world.markets.length)]!;
              const token = world.sessions[nextSession++ % world.sessions.length]!;
              return {
                ...request,
                headers: {
                  authorization: `Bearer ${token}`,
                  'content-type': 'application/json',
                  'idempotency-key': key(),
                },
                body: JSON.stringify({
                  market_slug: market.slug,
                  outcome_id: market.outcomes[randomInt(2)],
                  stake: '1.00',
                  max_price: '1',
                }),
              };
            },
            onResponse: (status, body) => {
              if (status === 201) {
                opened++;
                answeredAt.set((JSON.parse(body) as { id: string }).id, Date.now());
              } else firstFailure ??= `${status} ${body.slice(0, 300)}`;
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const answered = Object.values(result.statusCodeStats).reduce((sum, s) => sum + s.count, 0);
        resolve({
          opened,
          answeredAt,
          failed: answered - opened + result.errors,
          firstFailure,
          elapsedS: result.duration,
          ...latencyOf(latencies),
        });
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  });
}

// ---- worker processes ----------------------------------------------------------------------------

/** Waits until the receiver has `count` distinct deliveries (or gives up); true when it has. */
async function drained(receiver: Receiver, count: number): Promise<boolean> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (receiver.seen.size < count && Date.now() < deadline) await sleep(20);
  return receiver.seen.size >= count;
}

interface PhaseRow {
  name: string;
  trades: TradeResult;
  events: number;
  delivered: number;
  duplicates: number;
  badSignatures: number;
  deliveriesPerS: number;
  delay: { p50: number; p99: number; max: number } | null;
  /** From the open's answer at the load generator to the arrival (negative: the webhook came first). */
  afterAnswer: { p50: number; p99: number } | null;
}

function deliveryRate(arrivals: Arrival[]): number {
  if (arrivals.length < 2) return Number.NaN;
  const times = arrivals.map((a) => a.receivedAt);
  return (arrivals.length - 1) / ((Math.max(...times) - Math.min(...times)) / 1000);
}

function phaseRow(
  name: string,
  { trades, events }: { trades: TradeResult; events: number },
  receiver: Receiver,
  withDelay: boolean,
): PhaseRow {
  const delays = receiver.arrivals.map((a) => a.receivedAt - a.occurredAt);
  const afterAnswer = receiver.arrivals.flatMap((a) => {
    const answered = trades.answeredAt.get(a.positionId);
    return answered === undefined ? [] : [a.receivedAt - answered];
  });
  return {
    name,
    trades,
    events,
    delivered: receiver.seen.size,
    duplicates: receiver.duplicates,
    badSignatures: receiver.badSignatures,
    deliveriesPerS: deliveryRate(receiver.arrivals),
    delay: withDelay ? { ...latencyOf(delays), max: Math.max(...delays) } : null,
    afterAnswer: withDelay ? latencyOf(afterAnswer) : null,
  };
}

function printRow(row: PhaseRow): void {
  const t = row.trades;
  console.log(
    `  trades: ${t.opened} widget opens in ${fmt(t.elapsedS, 2)} s = ${fmt(t.opened / t.elapsedS)}/s, p50 ${fmt(t.p50)} ms, p99 ${fmt(t.p99)} ms; ${t.failed} failed${t.firstFailure ? ` (first: ${t.firstFailure})` : ''}`,
  );
  console.log(
    `  deliveries: ${row.delivered} of ${row.events} events, ${fmt(row.deliveriesPerS)}/s from first to last arrival; ${row.duplicates} duplicates, ${row.badSignatures} bad signatures`,
  );
  if (row.delay)
    console.log(
      `  commit → delivery (occurred_at → arrival): p50 ${fmt(row.delay.p50)} ms, p99 ${fmt(row.delay.p99)} ms, max ${fmt(row.delay.max)} ms`,
    );
  if (row.afterAnswer)
    console.log(
      `  the open's answer → arrival: p50 ${fmt(row.afterAnswer.p50)} ms, p99 ${fmt(row.afterAnswer.p99)} ms`,
    );
}

async function deliveryStates(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ state: string; n: string }>(
    'select state, count(*) as n from webhook_deliveries group by state order by state',
  );
  return rows.map((r) => `${r.state} ${r.n}`).join(', ') || 'none';
}

/**
 * Trades, then counts the deliveries they made in the database: autocannon stops counting at the end
 * of the phase, but opens it sent just before still commit (and send webhooks) after it.
 */
async function tradePhase(
  api: ServiceProcess,
  world: Awaited<ReturnType<typeof setUp>>,
  client: pg.Client,
  durationS = settings.durationS,
) {
  const count = async () =>
    Number((await client.query<{ n: string }>('select count(*) as n from webhook_deliveries')).rows[0]!.n);
  const before = await count();
  const trades = await trade(api, world, durationS);
  await sleep(1_000);
  return { trades, events: (await count()) - before };
}

async function main(): Promise<void> {
  console.log('webhook delivery benchmark');
  console.log(
    `  node ${process.version}, ${availableParallelism()} CPUs shared by the API process, the worker processes, the database, ` +
      `and this process (load generator and receiver)\n  ${settings.tenants} tenants × ${settings.usersPerTenant} users with widget sessions, ` +
      `${settings.markets} markets, ${settings.connections} clients, phases of ${settings.durationS} s${args.quick ? ' (--quick)' : ''}, ` +
      `load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}`,
  );
  const database = await prepareDatabase(process.env.DATABASE_URL);
  console.log(`  database: ${database.label}`);
  const secrets = new Map<string, string>();
  const receiver = await startReceiver(secrets);
  const workers: ServiceProcess[] = [];
  let api: ServiceProcess | null = null;
  let client: pg.Client | null = null;
  const stopWorkers = async () => {
    for (const worker of workers)
      for (const line of worker.linesSinceReady().slice(-5))
        console.log(`  worker ${worker.pid} | ${line.slice(0, 400)}`);
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  };
  try {
    process.env.RUN_WORKERS = '0'; // the API process: no jobs
    api = await startServiceProcess(REPO_ROOT, database, settings.poolSize);
    const world = await setUp(api, receiver, secrets);
    client = new pg.Client({ connectionString: await database.url() });
    await client.connect();
    console.log(
      `  setup done: API process pid ${api.pid}, receiver ${receiver.base}, ${world.sessions.length} sessions`,
    );
    const rows: PhaseRow[] = [];

    console.log(`\n[1] trades for ${settings.durationS} s while one worker process delivers (after a warm-up)`);
    workers.push(await startWorker(REPO_ROOT, database, 8));
    const warmup = await tradePhase(api, world, client, settings.warmupS);
    await drained(receiver, warmup.events);
    console.log(`  warm-up (not counted): ${warmup.events} opens in ${settings.warmupS} s, delivered`);
    receiver.reset();
    const live = await tradePhase(api, world, client);
    const all = await drained(receiver, live.events);
    rows.push(phaseRow('live, 1 worker', live, receiver, true));
    printRow(rows.at(-1)!);
    if (!all) console.log(`  gave up waiting after ${DRAIN_TIMEOUT_MS / 1000} s`);
    await stopWorkers();

    for (const count of [1, 2]) {
      console.log(
        `\n[${count + 1}] a backlog: trades for ${settings.durationS} s with no worker, then ${count} worker process${count > 1 ? 'es' : ''} drain it`,
      );
      receiver.reset();
      const backlog = await tradePhase(api, world, client);
      workers.push(...(await Promise.all(Array.from({ length: count }, () => startWorker(REPO_ROOT, database, 8)))));
      const done = await drained(receiver, backlog.events);
      rows.push(phaseRow(`backlog, ${count} worker${count > 1 ? 's' : ''}`, backlog, receiver, false));
      printRow(rows.at(-1)!);
      if (!done) console.log(`  gave up waiting after ${DRAIN_TIMEOUT_MS / 1000} s`);
      await stopWorkers();
    }

    console.log(
      '\nsummary (deliveries/s: first to last arrival; delay: from occurred_at, or from the answer to the open, to the arrival at the receiver)',
    );
    console.log(
      table(
        [
          'phase',
          'opens/s',
          'events',
          'delivered',
          'dup',
          'deliveries/s',
          'delay p50/p99 ms',
          'after answer p50/p99 ms',
        ],
        rows.map((r) => [
          r.name,
          fmt(r.trades.opened / r.trades.elapsedS),
          String(r.events),
          String(r.delivered),
          String(r.duplicates),
          fmt(r.deliveriesPerS),
          r.delay ? `${fmt(r.delay.p50, 0)} / ${fmt(r.delay.p99, 0)}` : '-',
          r.afterAnswer ? `${fmt(r.afterAnswer.p50, 0)} / ${fmt(r.afterAnswer.p99, 0)}` : '-',
        ]),
      ),
    );
    console.log(`\nwebhook_deliveries by state: ${await deliveryStates(client)}`);
    const lines = api.linesSinceReady();
    console.log(`API process output during the run: ${lines.length} lines`);
    for (const line of lines.slice(-10)) console.log(`  | ${line.slice(0, 400)}`);
  } finally {
    await client?.end().catch(() => {});
    await stopWorkers().catch(() => {});
    await api?.stop().catch(() => {});
    await receiver.close();
    await database.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
