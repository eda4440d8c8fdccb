/**
 * Benchmark of webhook fairness between tenant environments (issue 26, bench/README.md): how long a healthy
 * tenant's webhooks take while another tenant's receiver never answers and holds a backlog of 10,000 due
 * deliveries, against the same load with no backlog in the same run (the ceiling). In two shapes: one
 * service process that serves the API and runs the jobs, and an API process with two worker processes.
 * `npm run bench:webhook-fairness [-- --quick]`. Prints numbers only: it fails (exit 1) when it cannot set
 * up or run, never because of a number.
 */
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { prepareDatabase } from './lib/database.js';
import { startFairnessReceiver, type FairnessReceiver as Receiver } from './lib/fairness-receiver.js';
import { createMarkets, STAKE, type BenchMarket } from './lib/markets.js';
import { keyMaker, userIds } from './lib/movements.js';
import { call, startWorker } from './lib/api-calls.js';
import { ADMIN_TOKEN, startServiceProcess, type ServiceProcess } from './lib/service-process.js';
import { createBenchTenant, registerAndFund, type BenchTenant } from './lib/setup-tenant.js';
import { fmt, positive, table } from './lib/stats.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rate: { type: 'string' },
    duration: { type: 'string' },
    backlog: { type: 'string' },
    wait: { type: 'string' },
    pool: { type: 'string', default: '8' },
  },
});

const settings = {
  /** Tenant B's widget opens per second, sent on a schedule (open loop), not as fast as answered. */
  rate: positive('rate', args.rate ?? (args.quick ? '5' : '10')),
  durationS: positive('duration', args.duration ?? (args.quick ? '2' : '5')),
  /** Tenant A's due deliveries in the backlog phase. */
  backlog: Math.floor(positive('backlog', args.backlog ?? (args.quick ? '1000' : '10000'))),
  /** The longest a phase waits for B's last webhook after the resolution; then it prints what arrived. */
  waitS: positive('wait', args.wait ?? (args.quick ? '15' : '60')),
  poolSize: Math.floor(positive('pool', args.pool)),
};
const opensPerPhase = Math.max(1, Math.round(settings.rate * settings.durationS));
/**
 * One user per open of a phase: an end user may make 10 position requests a minute (docs/operator-api.md,
 * "Rate limits"), and the two phases of a shape together stay well under that for every user.
 */
const USERS = opensPerPhase;
/** How long the backlog phase waits for A's receiver to hold its first requests before B's load starts. */
const BACKLOG_START_TIMEOUT_MS = 15_000;

// ---- setup through the APIs ------------------------------------------------------------------------

/** Points the tenant's sandbox webhooks at `url` and gives it a secret; returns the secret. */
async function webhooksTo(api: ServiceProcess, tenant: BenchTenant, url: string): Promise<string> {
  const env = `${api.platformUrl}/platform/v1/tenants/${tenant.tenantId}/environments/sandbox`;
  await call(env, 'PUT', ADMIN_TOKEN, { webhook_url: url });
  return (await call(`${env}/webhook-secret`, 'POST', ADMIN_TOKEN)).webhook_secret as string;
}

interface World {
  a: BenchTenant;
  b: BenchTenant;
  /** B's users' widget session tokens. */
  sessions: string[];
  run: string;
}

/**
 * Tenant A posts to /dead and has a market of its own (never resolved, so B's resolutions send A
 * nothing); tenant B posts to /ok/<B> and has funded users with widget sessions. Each phase makes B a
 * market of its own.
 */
async function setUp(api: ServiceProcess, receiver: Receiver): Promise<World> {
  const run = Date.now().toString(36);
  const a = await createBenchTenant(api);
  await webhooksTo(api, a, `${receiver.base}/dead`);
  await createMarkets(api, a, [`fair-a-${run}`]);
  const b = await createBenchTenant(api);
  receiver.secrets.set(b.tenantId, await webhooksTo(api, b, `${receiver.base}/ok/${b.tenantId}`));
  const ids = userIds(USERS);
  await registerAndFund(api, b, ids);
  const sessions: string[] = [];
  for (const id of ids) {
    const minted = await call(
      `${api.sandboxUrl}/v1/widget/sessions`,
      'POST',
      b.apiKey,
      { external_user_id: id },
      [201],
    );
    sessions.push(minted.token as string);
  }
  return { a, b, sessions, run };
}

// ---- B's load: widget opens on a schedule, then the market's resolution ----------------------------

interface OpenResult {
  opened: number;
  failed: number;
  firstFailure: string | null;
}

/** opensPerPhase widget opens at settings.rate a second, each by its own user, on the market. */
async function openOnSchedule(api: ServiceProcess, world: World, market: BenchMarket): Promise<OpenResult> {
  const key = keyMaker('fair-open');
  const result: OpenResult = { opened: 0, failed: 0, firstFailure: null };
  const started = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < opensPerPhase; i++) {
    const due = started + (i * 1000) / settings.rate - performance.now();
    if (due > 0) await sleep(due);
    const token = world.sessions[i % world.sessions.length]!;
    const body = {
      market_slug: market.slug,
      outcome_id: market.outcomes[i % market.outcomes.length],
      stake: STAKE,
      max_price: '1',
    };
    sent.push(
      fetch(`${api.sandboxUrl}/v1/positions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key() },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      }).then(
        async (res) => {
          const text = await res.text();
          if (res.status === 201) result.opened++;
          else {
            result.failed++;
            result.firstFailure ??= `${res.status} ${text.slice(0, 300)}`;
          }
        },
        (error: unknown) => {
          result.failed++;
          result.firstFailure ??= String(error);
        },
      ),
    );
  }
  await Promise.all(sent);
  return result;
}

// ---- measuring a phase -----------------------------------------------------------------------------

/** A delay in ms; censored: the event had not arrived when the phase gave up, so it is at least this. */
interface Delay {
  ms: number;
  censored: boolean;
}

interface DelayStats {
  p50: Delay;
  p99: Delay;
  max: Delay;
}

function delayStats(delays: Delay[]): DelayStats | null {
  if (delays.length === 0) return null;
  // A censored delay sorts after every arrived one (it is at least its value, and the phase waited past
  // every arrival), so its rank is right even though its value is only a lower bound.
  const sorted = [...delays].sort((x, y) => Number(x.censored) - Number(y.censored) || x.ms - y.ms);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

const showDelay = (d: Delay) => (d.censored ? `>${fmt(d.ms, 0)}` : fmt(d.ms, 0));
const showStats = (s: DelayStats | null) =>
  s ? `${showDelay(s.p50)} / ${showDelay(s.p99)} / ${showDelay(s.max)}` : '-';

interface PhaseRow {
  phase: string;
  opens: OpenResult;
  /** B's events of the phase, from the database (webhook deliveries enqueued for B since it started). */
  events: number;
  delivered: number;
  duplicates: number;
  badSignatures: number;
  opensDelay: DelayStats | null;
  settlementsDelay: DelayStats | null;
  /** Requests A's receiver got from the start of B's opens to the end of the wait. */
  aRequests: number;
  aHeldMax: number;
  waitedS: number;
  gaveUp: boolean;
  resolveMs: number;
}

/** B's events enqueued since `since` (deliveries are created with the event's occurred_at). */
async function eventsOfB(client: pg.Client, world: World, since: Date) {
  const { rows } = await client.query<{ id: string; type: string; occurred_at: Date }>(
    `select e.id, e.type, e.occurred_at from webhook_deliveries d join events e on e.id = d.event_id
     where d.tenant_id = $1 and d.environment = 'sandbox' and d.created_at >= $2`,
    [world.b.tenantId, since],
  );
  return rows;
}

/** B's opens, the resolution of their market, then the wait for B's webhooks (bounded). */
async function phase(
  name: string,
  api: ServiceProcess,
  client: pg.Client,
  world: World,
  receiver: Receiver,
): Promise<PhaseRow> {
  const [market] = await createMarkets(api, world.b, [`fair-b-${world.run}-${name}`]);
  await sleep(200);
  receiver.reset();
  const deadBefore = receiver.deadRequests;
  const since = new Date();
  const opens = await openOnSchedule(api, world, market!);
  const resolveStarted = performance.now();
  await call(`${api.platformUrl}/platform/v1/markets/${market!.slug}/resolve`, 'POST', ADMIN_TOKEN, {
    outcome_id: market!.outcomes[0],
  });
  const resolveMs = performance.now() - resolveStarted;
  const expected = (await eventsOfB(client, world, since)).length;
  const waitStarted = Date.now();
  const deadline = waitStarted + settings.waitS * 1000;
  while (receiver.arrivals.size < expected && Date.now() < deadline) await sleep(20);
  const gaveUpAt = Date.now();
  const events = await eventsOfB(client, world, since);
  const opensDelays: Delay[] = [];
  const settlementsDelays: Delay[] = [];
  for (const event of events) {
    const arrival = receiver.arrivals.get(event.id);
    const delay = arrival
      ? { ms: arrival.receivedAt - arrival.occurredAt, censored: false }
      : { ms: gaveUpAt - event.occurred_at.getTime(), censored: true };
    if (event.type === 'position.opened') opensDelays.push(delay);
    else if (event.type === 'position.settled' || event.type === 'market.resolved') settlementsDelays.push(delay);
  }
  return {
    phase: name,
    opens,
    events: events.length,
    delivered: events.filter((e) => receiver.arrivals.has(e.id)).length,
    duplicates: receiver.duplicates,
    badSignatures: receiver.badSignatures,
    opensDelay: delayStats(opensDelays),
    settlementsDelay: delayStats(settlementsDelays),
    aRequests: receiver.deadRequests - deadBefore,
    aHeldMax: receiver.deadHeldMax,
    waitedS: (gaveUpAt - waitStarted) / 1000,
    gaveUp: receiver.arrivals.size < expected,
    resolveMs,
  };
}

function printRow(row: PhaseRow): void {
  const o = row.opens;
  console.log(
    `  B: ${o.opened} widget opens at ${fmt(settings.rate)}/s, ${o.failed} failed${o.firstFailure ? ` (first: ${o.firstFailure})` : ''}; resolution ${fmt(row.resolveMs, 0)} ms`,
  );
  console.log(
    `  B's webhooks: ${row.delivered} of ${row.events} events delivered, ${row.duplicates} duplicates, ${row.badSignatures} bad signatures; ` +
      (row.gaveUp
        ? `gave up waiting ${fmt(row.waitedS)} s after the resolution`
        : `the last ${fmt(row.waitedS, 2)} s after the resolution`),
  );
  console.log(
    `  occurred_at → arrival p50 / p99 / max ms: position.opened ${showStats(row.opensDelay)}; settlement ${showStats(row.settlementsDelay)}`,
  );
  console.log(`  A's receiver: ${row.aRequests} requests meanwhile, at most ${row.aHeldMax} held open at once`);
}

/** backlog p99 / ceiling p99, marked "≥" when the backlog's p99 had not arrived. */
function ratio(backlog: DelayStats | null, ceiling: DelayStats | null): string {
  if (!backlog || !ceiling || ceiling.p99.ms <= 0) return 'n/a';
  return `${backlog.p99.censored ? '≥' : ''}${fmt(backlog.p99.ms / ceiling.p99.ms, 1)}×`;
}

function summary(shape: string, rows: PhaseRow[]): string {
  const lines = [
    table(
      [
        'phase',
        'B events',
        'delivered',
        'opened p50/p99/max ms',
        'settlement p50/p99/max ms',
        'A requests',
        'A held max',
      ],
      rows.map((r) => [
        r.phase,
        String(r.events),
        String(r.delivered),
        showStats(r.opensDelay),
        showStats(r.settlementsDelay),
        String(r.aRequests),
        String(r.aHeldMax),
      ]),
    ),
  ];
  const ceiling = rows.find((r) => r.phase === 'ceiling');
  const backlog = rows.find((r) => r.phase === 'backlog');
  if (ceiling && backlog)
    lines.push(
      `backlog p99 / ceiling p99: position.opened ${ratio(backlog.opensDelay, ceiling.opensDelay)}, settlement ${ratio(backlog.settlementsDelay, ceiling.settlementsDelay)}`,
    );
  return `${shape}\n${lines.join('\n')}`;
}

// ---- shapes ----------------------------------------------------------------------------------------

/** Gives A `count` due deliveries: events inserted by SQL, which the enqueue trigger turns into deliveries. */
async function giveABacklog(client: pg.Client, world: World, count: number): Promise<void> {
  await client.query(
    `insert into events (id, tenant_id, environment, type, occurred_at, data)
     select gen_random_uuid(), $1, 'sandbox', 'market.resolved', now(),
            jsonb_build_object('market_slug', 'backlog-' || i, 'resolved_outcome_id', '00000000-0000-4000-8000-000000000000')
     from generate_series(1, $2::int) i`,
    [world.a.tenantId, count],
  );
}

type Shape = 'one process' | 'cluster';

/** Both phases on a fresh database: the ceiling, then A's backlog. */
async function runShape(shape: Shape, receiver: Receiver): Promise<PhaseRow[]> {
  const started = performance.now();
  console.log(
    `\n== ${shape}: ${shape === 'one process' ? 'one service process serving the API and running the jobs (RUN_WORKERS=1)' : 'an API process (RUN_WORKERS=0) and two worker processes (RUN_WORKERS=1)'}, a fresh database`,
  );
  const database = await prepareDatabase(process.env.DATABASE_URL);
  const processes: ServiceProcess[] = [];
  let client: pg.Client | null = null;
  try {
    const api = await startServiceProcess(REPO_ROOT, database, settings.poolSize, {
      RUN_WORKERS: shape === 'one process' ? '1' : '0',
    });
    processes.push(api);
    if (shape === 'cluster')
      processes.push(
        ...(await Promise.all([
          startWorker(REPO_ROOT, database, settings.poolSize),
          startWorker(REPO_ROOT, database, settings.poolSize),
        ])),
      );
    client = new pg.Client({ connectionString: await database.url() });
    await client.connect();
    const world = await setUp(api, receiver);
    console.log(
      `  database: ${database.label}; processes ${processes.map((p) => p.pid).join(', ')}; receiver ${receiver.base}`,
    );
    const rows: PhaseRow[] = [];

    console.log(`\n[${shape}] ceiling: A has no backlog`);
    rows.push(await phase('ceiling', api, client, world, receiver));
    printRow(rows.at(-1)!);

    console.log(`\n[${shape}] backlog: A has ${settings.backlog} due deliveries and its receiver never answers`);
    receiver.reset();
    const deadBefore = receiver.deadRequests;
    const inserted = performance.now();
    await giveABacklog(client, world, settings.backlog);
    const deadline = Date.now() + BACKLOG_START_TIMEOUT_MS;
    while (receiver.deadRequests - deadBefore < 4 && Date.now() < deadline) await sleep(20);
    console.log(
      `  inserted, and A's receiver held ${receiver.held()} requests ${fmt((performance.now() - inserted) / 1000, 2)} s later; B's load starts`,
    );
    rows.push(await phase('backlog', api, client, world, receiver));
    printRow(rows.at(-1)!);
    console.log(
      `  A's receiver got ${receiver.deadRequests - deadBefore} requests from the backlog's insertion to the end of the phase, ${fmt((performance.now() - inserted) / 1000, 1)} s`,
    );

    const { rows: states } = await client.query<{ tenant: string; state: string; n: string }>(
      `select case when tenant_id = $1 then 'A' else 'B' end as tenant, state, count(*) as n
       from webhook_deliveries group by 1, 2 order by 1, 2`,
      [world.a.tenantId],
    );
    console.log(`  webhook_deliveries: ${states.map((s) => `${s.tenant} ${s.state} ${s.n}`).join(', ')}`);
    for (const p of processes)
      for (const line of p.linesSinceReady().slice(-5)) console.log(`  pid ${p.pid} | ${line.slice(0, 400)}`);
    return rows;
  } finally {
    await client?.end().catch(() => {});
    // SIGTERM (sent by stop() at once), then A's receiver drops the attempts it holds, so that the
    // processes do not wait for their timeouts.
    const stopping = processes.map((p) => p.stop().catch((error: unknown) => console.log(`  ${String(error)}`)));
    receiver.dropHeld();
    await Promise.all(stopping);
    await database.dispose();
    console.log(`  (${shape}: ${fmt((performance.now() - started) / 1000, 1)} s with start and stop)`);
  }
}

async function main(): Promise<void> {
  console.log('webhook fairness benchmark (issue 26)');
  console.log(
    `  node ${process.version}, ${availableParallelism()} CPUs shared by the service processes, the database and this process ` +
      `(load generator and receiver); load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(
          ' ',
        )}\n  B: ${opensPerPhase} widget opens a phase (${fmt(settings.rate)}/s for ${fmt(settings.durationS)} s, ` +
      `one user each), then its market resolves; A's backlog ${settings.backlog}; a phase waits at most ${fmt(settings.waitS)} s ` +
      `for B's webhooks${args.quick ? ' (--quick)' : ''}`,
  );
  const receiver = await startFairnessReceiver();
  const summaries: string[] = [];
  try {
    for (const shape of ['one process', 'cluster'] as const)
      summaries.push(summary(shape, await runShape(shape, receiver)));
  } finally {
    await receiver.close();
  }
  console.log(
    '\nsummary (delay: occurred_at of B\'s event → its arrival at the receiver; ">" an event that had not arrived when the phase gave up, at least that long; settlement: position.settled and market.resolved)',
  );
  console.log(summaries.join('\n\n'));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
