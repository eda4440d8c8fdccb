/**
 * The fault harness (issue 14 part 3, bench/README.md): `npm run start:cluster` under a mixed load while
 * API and worker processes are SIGKILLed, PostgreSQL is restarted (fast, and immediate as a crash would) and
 * Redis is killed and started again; then every acknowledged write is checked against the database, every
 * keyed answer replayed, every event accounted for. Prints its counts; exits 1 on any loss or when it
 * cannot run. `npm run bench:faults [-- --quick]`, with DATABASE_URL for the machine's PostgreSQL.
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { prepareDatabase } from './lib/database.js';
import { Asker } from './lib/faults/asker.js';
import { runChecks, pendingDeliveries, type Check } from './lib/faults/checks.js';
import { startCluster, type ClusterProcess, type Role } from './lib/faults/cluster-process.js';
import { embeddedRestarts, machineRestarts, type DatabaseRestarts } from './lib/faults/database-restarts.js';
import { startFlakyReceiver } from './lib/faults/flaky-receiver.js';
import { MixedLoad, type Tenant } from './lib/faults/load.js';
import { startPrivateRedis, type PrivateRedis } from './lib/faults/redis-server.js';
import { replayAll, storedAnswers } from './lib/faults/replays.js';
import { ADMIN_TOKEN } from './lib/service-process.js';
import { createBenchTenant } from './lib/setup-tenant.js';
import { fmt, positive, table } from './lib/stats.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    'fault-every': { type: 'string' },
    'api-processes': { type: 'string', default: '2' },
  },
});
const settings = {
  loadMs: positive('duration', args.duration ?? (args.quick ? '30' : '300')) * 1000,
  faultEveryMs: positive('fault-every', args['fault-every'] ?? (args.quick ? '2.5' : '8')) * 1000,
  settleEveryMs: args.quick ? 12_000 : 30_000,
  apiProcesses: Math.max(2, Math.floor(positive('api-processes', args['api-processes']))),
  users: 60,
  // Wide: an end user may send 10 trades a minute, and replaying one user's answers takes as long.
  widgetUsers: 1000,
};
/** After the load: how long requests may still take to get a final answer, and deliveries to settle. */
const DRAIN_MS = 150_000;

type FaultKind = 'api' | 'database' | 'worker' | 'redis';
interface Fault {
  kind: FaultKind;
  detail: string;
  /** From the fault to the recovery: a replacement process ready, the database accepting, Redis back. */
  recoveredMs: number;
}

async function main(): Promise<boolean> {
  const database = await prepareDatabase(process.env.DATABASE_URL);
  const cleanups: (() => Promise<unknown>)[] = [() => database.dispose()];
  const cleanup = async () => {
    for (const step of cleanups.reverse())
      await step().catch((error: Error) => console.log(`cleanup: ${error.message}`));
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  try {
    const restarts = database.serviceUrl
      ? await machineRestarts(database.serviceUrl)
      : embeddedRestarts(database.dataDir);
    const redis = await startPrivateRedis();
    if (redis) cleanups.push(() => redis.stop());
    const receiver = await startFlakyReceiver(Math.random);
    cleanups.push(() => receiver.close());
    console.log(`fault harness: ${settings.loadMs / 1000} s of load, a fault every ${settings.faultEveryMs / 1000} s`);
    console.log(`  database: ${database.label}`);
    console.log(`  restarts: ${typeof restarts === 'string' ? `none (${restarts})` : restarts.label}`);
    console.log(
      `  redis:    ${redis ? `a private redis-server at ${redis.url}` : 'none (redis-server is not installed)'}`,
    );

    const started = performance.now();
    const cluster = await startCluster(REPO_ROOT, {
      dataDir: database.dataDir,
      databaseUrl: database.serviceUrl,
      redisUrl: redis?.url ?? null,
      apiProcesses: settings.apiProcesses,
    });
    // Before the database is dropped; the machine's server must be left running whatever happened.
    cleanups.push(() => cluster.stop());
    if (typeof restarts !== 'string') cleanups.push(() => restarts.ensureRunning());
    console.log(
      `  cluster:  ${settings.apiProcesses} API processes and 1 worker up in ${fmt((performance.now() - started) / 1000)} s`,
    );

    const loadEnds = Date.now() + settings.loadMs;
    let deadline = loadEnds + DRAIN_MS;
    const asker = new Asker(() => deadline);
    const tenant = await setUpTenant(cluster, asker, receiver.setSecret, receiver.url);
    const load = new MixedLoad(tenant, asker);
    await fund(load, tenant);
    for (let i = 0; i < 4; i++) await load.addMarket();

    const faults: Fault[] = [];
    const injecting = injectFaults(cluster, restarts, redis, loadEnds - 3_000, faults);
    await Promise.all([load.runUntil(loadEnds, settings.settleEveryMs), injecting]);
    console.log(`load done: ${load.journal.length} requests answered or given up; ${faults.length} faults`);

    // Everything back, then the deliveries settle (the receiver accepts an event the second time it sees it).
    await redis?.start().catch(() => {});
    if (typeof restarts !== 'string') await restarts.ensureRunning();
    await cluster.waitAlive('api', settings.apiProcesses, 60_000);
    await cluster.waitAlive('worker', 1, 60_000);
    const url = await database.url();
    const drained = performance.now();
    for (let said = 0; Date.now() < deadline; await sleep(500)) {
      const pending = await pendingDeliveries(url, tenant.tenantId);
      if (pending.count === 0) break;
      if (performance.now() - drained > said + 10_000) {
        said += 10_000;
        console.log(
          `  ${said / 1000} s after the load: ${pending.count} deliveries pending, ${pending.leased} leased, ` +
            `the latest due in ${fmt(pending.latestInS, 0)} s`,
        );
      }
    }
    const drainS = (performance.now() - drained) / 1000;

    const checks = await runChecks(
      url,
      tenant.tenantId,
      load.journal,
      receiver.accepted,
      load.resolved.map((m) => m.slug),
    );
    const unanswered = asker.counts.unanswered;
    // The replays' own deadline (the load's may have passed): room for a few hundred a second.
    deadline = Date.now() + 120_000 + storedAnswers(load).length * 20;
    const replays = await replayAll(load, asker);
    checks.push({
      name: 'every keyed answer replays byte for byte',
      losses: replays.differing,
      detail: `${replays.replayed} replayed, ${replays.differing} differing${replays.example ? `; first: ${replays.example}` : ''}`,
    });
    checks.push({
      name: 'every request answered',
      losses: unanswered,
      detail: `${unanswered} without a final answer ${DRAIN_MS / 1000} s after the load`,
    });

    report(load, asker, faults, receiver.counts, drainS, checks);
    return checks.every((c) => c.losses === 0);
  } finally {
    await cleanup();
  }
}

/** A tenant with raised limits, its users registered, its webhooks pointed at the flaky receiver. */
async function setUpTenant(
  cluster: ClusterProcess,
  asker: Asker,
  setSecret: (secret: string) => void,
  webhookUrl: string,
): Promise<Tenant> {
  const { tenantId, apiKey } = await createBenchTenant(cluster);
  const platform = (method: 'PUT' | 'POST', route: string, body?: unknown) =>
    asker.final({ method, url: `${cluster.platformUrl}${route}`, token: ADMIN_TOKEN, body });
  const env = `/platform/v1/tenants/${tenantId}/environments/sandbox`;
  const set = await platform('PUT', env, { webhook_url: webhookUrl });
  const secret = await platform('POST', `${env}/webhook-secret`);
  if (set?.status !== 200 || secret?.status !== 201) throw new Error(`webhook setup: ${set?.text} ${secret?.text}`);
  setSecret(secret.json.webhook_secret);
  const name = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
  const tenant: Tenant = {
    sandboxUrl: cluster.sandboxUrl,
    platformUrl: cluster.platformUrl,
    tenantId,
    apiKey,
    users: name('op-', settings.users),
    widgetUsers: name('widget-', settings.widgetUsers),
  };
  for (const user of [...tenant.users, ...tenant.widgetUsers]) {
    const put = {
      method: 'PUT' as const,
      url: `${cluster.sandboxUrl}/v1/users/${user}`,
      token: apiKey,
      body: { status: 'active' },
    };
    const res = await asker.final(put);
    if (res?.status !== 200 && res?.status !== 201) throw new Error(`PUT /v1/users/${user}: ${res?.text}`);
  }
  return tenant;
}

/** 1,000.00 for every user, through the journal: these movements are checked like the others. */
async function fund(load: MixedLoad, tenant: Tenant): Promise<void> {
  const everyone = [...tenant.users, ...tenant.widgetUsers];
  for (let from = 0; from < everyone.length; from += 100) {
    const items = everyone.slice(from, from + 100).map((user) => ({
      idempotency_key: load.key('fund'),
      external_user_id: user,
      direction: 'credit',
      amount: '1000.00',
    }));
    const answer = await load.send('batch', {
      method: 'POST',
      url: `${tenant.sandboxUrl}/v1/balance-sync/batch`,
      token: tenant.apiKey,
      key: load.key('fund-batch'),
      body: { items },
    });
    if (answer?.status !== 200) throw new Error(`funding: ${answer?.text}`);
  }
}

/**
 * One fault every faultEveryMs, the kinds in turn, until `until`. A fault does not wait for the recovery
 * of the one before (a process may be starting while the database restarts), only for that of the last
 * fault of its own kind.
 */
async function injectFaults(
  cluster: ClusterProcess,
  restarts: DatabaseRestarts | string,
  redis: PrivateRedis | null,
  until: number,
  faults: Fault[],
): Promise<void> {
  const kinds = (['api', 'database', 'worker', 'redis'] as const).filter(
    (kind) => (kind !== 'database' || typeof restarts !== 'string') && (kind !== 'redis' || redis !== null),
  );
  const recovering = new Map<FaultKind, Promise<void>>();
  let restartCount = 0;
  const inject = async (kind: FaultKind): Promise<void> => {
    const at = performance.now();
    const done = (detail: string) => faults.push({ kind, detail, recoveredMs: performance.now() - at });
    if (kind === 'api' || kind === 'worker') {
      done(await killOne(cluster, kind));
    } else if (kind === 'database' && typeof restarts !== 'string') {
      // Fast (connections ended, a checkpoint) and immediate (no checkpoint: WAL replay, as after a crash).
      const mode = restartCount++ % 2 === 0 ? 'fast' : 'immediate';
      await restarts.restart(mode);
      done(`restart, ${mode} stop`);
    } else if (kind === 'redis' && redis) {
      await redis.kill();
      await sleep(2_000);
      await redis.start();
      done('SIGKILL, down 2 s, started empty');
    }
  };
  for (let n = 0; ; n++) {
    await sleep(settings.faultEveryMs);
    if (Date.now() > until) break;
    const kind = kinds[n % kinds.length]!;
    await recovering.get(kind);
    recovering.set(kind, inject(kind));
  }
  await Promise.all(recovering.values());
}

/** SIGKILL to one live child of the role; resolves once its replacement said it was ready. */
async function killOne(cluster: ClusterProcess, role: Role): Promise<string> {
  const wanted = role === 'api' ? settings.apiProcesses : 1;
  if (!(await cluster.waitAlive(role, wanted, 60_000))) throw new Error(`no ${role} process came back`);
  const pids = cluster.alive(role);
  const victim = pids[randomInt(pids.length)]!;
  const before = cluster.readyCount(role);
  process.kill(victim, 'SIGKILL');
  const deadline = Date.now() + 60_000;
  while (cluster.readyCount(role) === before) {
    if (Date.now() > deadline) throw new Error(`the ${role} process ${victim} was not replaced within 60 s`);
    await sleep(50);
  }
  return `SIGKILL to pid ${victim}`;
}

function report(
  load: MixedLoad,
  asker: Asker,
  faults: Fault[],
  receiver: Record<string, number>,
  drainS: number,
  checks: Check[],
): void {
  console.log('\nfaults');
  const byKind = new Map<string, Fault[]>();
  for (const fault of faults) {
    const kind = `${fault.kind}: ${fault.detail.replace(/ to pid \d+/, '')}`;
    byKind.set(kind, [...(byKind.get(kind) ?? []), fault]);
  }
  console.log(
    table(
      ['fault', 'count', 'recovered in (s, each)'],
      [...byKind].map(([kind, list]) => [
        kind,
        String(list.length),
        list.map((f) => fmt(f.recoveredMs / 1000, 1)).join(' '),
      ]),
    ),
  );
  console.log('\nrequests (final answers by status)');
  const rows = new Map<string, Map<number | 'none', number>>();
  for (const sent of load.journal) {
    const counts = rows.get(sent.kind) ?? new Map<number | 'none', number>();
    const status = sent.answer?.status ?? 'none';
    counts.set(status, (counts.get(status) ?? 0) + 1);
    rows.set(sent.kind, counts);
  }
  console.log(
    table(
      ['kind', 'requests', 'final answers'],
      [...rows].map(([kind, counts]) => [
        kind,
        String([...counts.values()].reduce((a, b) => a + b, 0)),
        [...counts].map(([status, n]) => `${n}×${status}`).join(' '),
      ]),
    ),
  );
  const c = asker.counts;
  console.log(
    `  HTTP requests ${c.sent}; asked again after: ${c.cutOff} cut-off connections, ${c.serverErrors} 5xx, ` +
      `${c.inProgress} keys in progress, ${c.rateLimited} rate limits`,
  );
  console.log(
    `  receiver: ${receiver.requests} deliveries, ${receiver.failed} answered 500, ${receiver.dropped} dropped, ` +
      `${receiver.duplicates} duplicates of accepted events, ${receiver.badSignatures} bad signatures; settled ${fmt(drainS, 1)} s after the load`,
  );
  console.log('\nchecks');
  for (const check of checks) {
    console.log(`  ${check.losses === 0 ? 'ok  ' : 'LOSS'} ${check.name}: ${check.detail}`);
  }
  const lost = checks.filter((check) => check.losses > 0);
  console.log(lost.length === 0 ? '\nno loss' : `\nLOSS: ${lost.map((check) => check.name).join('; ')}`);
}

main().then(
  (whole) => process.exit(whole ? 0 : 1),
  (error: unknown) => {
    console.log(`fault harness failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
