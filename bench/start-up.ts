/**
 * Start-up benchmark (issue 30, bench/README.md): the development start (TypeScript through tsx, as
 * `npm start` and `npm run start:cluster` run it) against the compiled one (`npm run start:prod` and
 * `start:prod:cluster`), one process and the cluster: the time from spawn to GET /healthz 200 on all three
 * listeners (and, for the cluster, to its "is up" line, every child ready), and the resident memory of the
 * service's node processes (the tsx CLI's wrapper and the cluster's children included, the embedded
 * PostgreSQL not) once up and after a little traffic. The database is initialised before the first
 * measured start. Prints the figures and the ratio prod/dev; it fails (exit 1) only when it cannot set up
 * or run, never because of a number.
 *
 * `npm run bench:start-up [-- --quick] [-- --runs N] [-- --no-build]`; DATABASE_URL runs the service on a
 * throwaway database of that server instead of the embedded one.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareDatabase } from './lib/database.js';
import { memoryOf, mib } from './lib/process-memory.js';
import { ADMIN_TOKEN, freePorts, serviceEnv } from './lib/service-process.js';
import { fmt, positive, table } from './lib/stats.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});
const RUNS = Math.floor(positive('runs', args.runs ?? (args.quick ? '1' : '3')));
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const CLUSTER = { API_PROCESSES: '2', WORKER_PROCESSES: '1' };
const START_TIMEOUT_MS = 180_000;
/** The traffic between the two memory readings: users registered, then balance syncs, 8 at a time. */
const USERS = 50;
const SYNCS = args.quick ? 100 : 500;

interface Shape {
  name: string;
  mode: 'dev' | 'prod';
  cluster: boolean;
  command: string[];
}

// The npm scripts' commands, without npm and without `npm start`'s widget build.
const SHAPES: Shape[] = [
  {
    name: 'npm start',
    mode: 'dev',
    cluster: false,
    command: [TSX, '--conditions=pm-source', 'packages/service/src/main.ts'],
  },
  {
    name: 'npm run start:prod',
    mode: 'prod',
    cluster: false,
    command: [process.execPath, 'packages/service/dist/main.js'],
  },
  {
    name: 'npm run start:cluster',
    mode: 'dev',
    cluster: true,
    command: [process.execPath, '--conditions=pm-source', '--import', 'tsx', 'packages/service/src/cluster.ts'],
  },
  {
    name: 'npm run start:prod:cluster',
    mode: 'prod',
    cluster: true,
    command: [process.execPath, 'packages/service/dist/cluster.js'],
  },
];

interface Run {
  healthyMs: number;
  upMs: number;
  rssUp: number;
  rssTraffic: number;
  processes: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid's descendants (Linux /proc), itself included. */
async function tree(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(parents.get(all[i]!) ?? []));
  return all;
}

/** The resident memory of the node processes in the service's tree (not PostgreSQL's), and how many. */
async function nodeRss(pid: number): Promise<{ rss: number; processes: number }> {
  let rss = 0;
  let processes = 0;
  for (const member of await tree(pid)) {
    const comm = (await readFile(`/proc/${member}/comm`, 'utf8').catch(() => '')).trim();
    if (comm !== 'node') continue;
    rss += (await memoryOf(member)).rss;
    processes += 1;
  }
  return { rss, processes };
}

async function api(base: string, method: string, route: string, token: string, body?: unknown, key?: string) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as any) : null;
}

/** A tenant, its users and their balance syncs; the reference page and the widget bundle once. */
async function traffic(sandbox: string, platform: string): Promise<void> {
  const tenant = await api(platform, 'POST', '/platform/v1/tenants', ADMIN_TOKEN, { name: 'start-up bench' });
  const { api_key: key } = await api(platform, 'POST', `/platform/v1/tenants/${tenant.id}/api-keys`, ADMIN_TOKEN, {
    environment: 'sandbox',
    scopes: ['write:sync'],
  });
  // Over balance_sync's 450 a minute: the tenant's raisable limits go up, as in the other benches.
  await api(platform, 'PUT', `/platform/v1/tenants/${tenant.id}/rate-limits`, ADMIN_TOKEN, { balance_sync: 1_000_000 });
  for (let i = 0; i < USERS; i++) await api(sandbox, 'PUT', `/v1/users/bench-${i}`, key, { status: 'active' });
  let next = 0;
  const loop = async () => {
    while (next < SYNCS) {
      const i = next++;
      const body = { external_user_id: `bench-${i % USERS}`, direction: 'credit', amount: '1.00' };
      await api(sandbox, 'POST', '/v1/balance-sync', key, body, `sync-${tenant.id}-${i}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, loop));
  for (const route of ['/docs', '/widget/v1/widget.iife.js', '/v1/openapi.json']) {
    const res = await fetch(`${sandbox}${route}`);
    if (res.status !== 200) throw new Error(`GET ${route}: ${res.status}`);
    await res.arrayBuffer();
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(60_000).then(() => child.kill('SIGKILL'))]);
  await exited;
}

async function measure(shape: Shape, env: NodeJS.ProcessEnv, withTraffic: boolean): Promise<Run> {
  const [sandbox, live, platform] = await freePorts(3);
  const urls = [sandbox, live, platform].map((port) => `http://127.0.0.1:${port}`);
  const started = performance.now();
  const child = spawn(shape.command[0]!, shape.command.slice(1), {
    cwd: ROOT,
    env: {
      ...env,
      SANDBOX_PORT: String(sandbox),
      LIVE_PORT: String(live),
      PLATFORM_PORT: String(platform),
      ...(shape.cluster ? CLUSTER : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const healthy = new Set<string>();
    let healthyMs = 0;
    let upMs = 0;
    while (healthyMs === 0 || upMs === 0) {
      if (child.exitCode !== null) throw new Error(`${shape.name} exited while starting:\n${output}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`${shape.name} did not start:\n${output}`);
      for (const url of urls) {
        if (healthy.has(url)) continue;
        const res = await fetch(`${url}/healthz`).catch(() => null);
        if (res?.status === 200) healthy.add(url);
        await res?.arrayBuffer();
      }
      if (healthyMs === 0 && healthy.size === urls.length) healthyMs = performance.now() - started;
      if (upMs === 0 && /service is up/.test(output)) upMs = performance.now() - started;
      if (healthyMs === 0 || upMs === 0) await sleep(10);
    }
    // A moment for whatever the start left running (the first job poll, a notification listener).
    await sleep(1000);
    const up = await nodeRss(child.pid!);
    let rssTraffic = Number.NaN;
    if (withTraffic) {
      await traffic(urls[0]!, urls[2]!);
      await sleep(1000);
      rssTraffic = (await nodeRss(child.pid!)).rss;
    }
    return { healthyMs, upMs, rssUp: up.rss, rssTraffic, processes: up.processes };
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  if (!args['no-build']) {
    console.log('building (npm run build) …');
    const started = performance.now();
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    console.log(`built in ${fmt((performance.now() - started) / 1000, 1)} s`);
  }
  const database = await prepareDatabase(process.env.DATABASE_URL);
  const env: NodeJS.ProcessEnv = { ...serviceEnv([0, 0, 0], database.dataDir) };
  if (database.serviceUrl) env.DATABASE_URL = database.serviceUrl;
  else delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  console.log(
    `start-up benchmark (issue 30): ${database.label}, ${RUNS} run(s) per shape${args.quick ? ' (--quick)' : ''}, ` +
      `cluster API_PROCESSES=${CLUSTER.API_PROCESSES} WORKER_PROCESSES=${CLUSTER.WORKER_PROCESSES}, ` +
      `traffic ${USERS} users and ${SYNCS} balance syncs, load average before ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}`,
  );
  const results = new Map<Shape, Run[]>();
  try {
    // Not measured: the embedded server's initdb (or the throwaway database's migrations).
    await measure(SHAPES[1]!, env, false);
    for (let run = 0; run < RUNS; run++) {
      // Interleaved, so that a disturbance of the machine spreads over every shape.
      for (const shape of SHAPES) {
        const result = await measure(shape, env, true);
        results.set(shape, [...(results.get(shape) ?? []), result]);
      }
    }
  } finally {
    await database.dispose();
  }
  const of = (shape: Shape, pick: (run: Run) => number) => median(results.get(shape)!.map(pick));
  const ms = (value: number) => `${fmt(value, 0)} ms`;
  const mb = (bytes: number) => `${fmt(mib(bytes), 1)} MiB`;
  console.log(
    `\nmedians of ${RUNS} run(s); memory is the resident set of the node processes (PostgreSQL not counted)\n`,
  );
  console.log(
    table(
      ['shape', 'node processes', 'healthz on 3 listeners', '"is up" line', 'RSS up', 'RSS after traffic'],
      SHAPES.map((shape) => [
        shape.name,
        String(results.get(shape)![0]!.processes),
        ms(of(shape, (r) => r.healthyMs)),
        ms(of(shape, (r) => r.upMs)),
        mb(of(shape, (r) => r.rssUp)),
        mb(of(shape, (r) => r.rssTraffic)),
      ]),
    ),
  );
  const ratio = (dev: Shape, prod: Shape, pick: (run: Run) => number) => fmt(of(prod, pick) / of(dev, pick), 2);
  console.log('\nratio prod/dev (under 1: the compiled start is faster or smaller)\n');
  console.log(
    table(
      ['', 'healthz on 3 listeners', '"is up" line', 'RSS up', 'RSS after traffic'],
      [
        [SHAPES[0]!, SHAPES[1]!, 'one process'],
        [SHAPES[2]!, SHAPES[3]!, 'cluster'],
      ].map(([dev, prod, label]) => [
        label as string,
        ratio(dev as Shape, prod as Shape, (r) => r.healthyMs),
        ratio(dev as Shape, prod as Shape, (r) => r.upMs),
        ratio(dev as Shape, prod as Shape, (r) => r.rssUp),
        ratio(dev as Shape, prod as Shape, (r) => r.rssTraffic),
      ]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
