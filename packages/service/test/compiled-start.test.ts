import { execFile } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, call } from './helpers.js';
import {
  balanceOf,
  credit,
  envOfThisFile,
  newSite,
  newTenant,
  send,
  sleep,
  useProcessSites,
} from './process-fixture.js';
import { runAsService, terminate, type ServiceProcess, type Site } from './service-process.js';

/**
 * `npm run start:prod` and `start:prod:cluster` (issue 30): the compiled service under plain node, on this
 * file's database (embedded, or a throwaway one on DATABASE_URL). It builds first unless dist/ is newer than
 * every source file it comes from (CI builds before the suite). A guard module, given through NODE_OPTIONS so
 * that the cluster's children have it too, fails the process if any TypeScript file or tsx itself is loaded,
 * and lists the entry points it saw, so that the guard is known to have run.
 */

useProcessSites();

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICE = path.join(REPO, 'packages/service');
const TYPESCRIPT = /\.[cm]?tsx?$/;

/** The newest modification time of the files under a folder. */
async function newest(dir: string, skip: RegExp = /$^/): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && !skip.test(entry.name))
      .map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).mtimeMs),
  );
  return Math.max(0, ...times);
}

async function buildIfStale(): Promise<void> {
  const built = await stat(path.join(SERVICE, 'dist/main.js')).then(
    (file) => file.mtimeMs,
    () => 0,
  );
  const contract = await stat(path.join(REPO, 'packages/contract/dist/index.js')).then(
    (file) => file.mtimeMs,
    () => 0,
  );
  const sources = Math.max(
    await newest(path.join(SERVICE, 'src'), /\.test\.tsx?$/),
    await newest(path.join(REPO, 'packages/contract/src'), /\.test\.tsx?$/),
  );
  if (Math.min(built, contract) > sources) return;
  // tsc's errors are on stdout: the failure says what did not compile.
  await promisify(execFile)('npm', ['run', 'build', '-w', '@pm/contract', '-w', '@pm/service', '--silent'], {
    cwd: REPO,
  }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`npm run build failed:\n${error.stdout}${error.stderr}`);
  });
}

let guard: { nodeOptions: string; seen: string };

/** The guard: an --import module that registers a load hook (node's module.register) in every process. */
async function writeGuard(dir: string): Promise<typeof guard> {
  const seen = path.join(dir, 'entries-seen');
  await writeFile(
    path.join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  const file = url.startsWith('file:') ? new URL(url).pathname : '';
  if (${TYPESCRIPT}.test(file) || file.includes('/node_modules/tsx/')) {
    throw new Error('the compiled service loaded ' + url);
  }
  if (/\\/dist\\/(main|cluster)\\.js$/.test(file)) appendFileSync(${JSON.stringify(seen)}, process.pid + ' ' + file + '\\n');
  return next(url, context);
}
`,
  );
  await writeFile(
    path.join(dir, 'guard.mjs'),
    `import { register } from 'node:module';
if (process.execArgv.some((flag) => flag.includes('tsx'))) throw new Error('tsx in execArgv: ' + process.execArgv);
register('./hooks.mjs', import.meta.url);
`,
  );
  return { nodeOptions: `--import=${path.join(dir, 'guard.mjs')}`, seen };
}

function spawnCompiled(site: Site, entry: 'main.js' | 'cluster.js', env: Record<string, string> = {}): ServiceProcess {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: site.dataDir,
    SANDBOX_PORT: String(site.ports.sandbox),
    LIVE_PORT: String(site.ports.live),
    PLATFORM_PORT: String(site.ports.platform),
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    NODE_OPTIONS: guard.nodeOptions,
    ...env,
  };
  delete merged.DATABASE_URL;
  const database = envOfThisFile().DATABASE_URL;
  if (database) merged.DATABASE_URL = database;
  // As `npm run start:prod` runs it: node and the compiled entry, from the repository's root.
  return runAsService(site, [path.join(SERVICE, 'dist', entry)], REPO, merged);
}

/** Waits for the line the entry point prints once every listener serves. */
async function untilUp(service: ServiceProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!/service is up/.test(service.stdout())) {
    const exited = await Promise.race([service.exited.then(() => true), sleep(100).then(() => false)]);
    if (exited || Date.now() > deadline) {
      throw new Error(`the compiled service did not come up:\n${service.stdout()}\n${service.stderr()}`);
    }
  }
}

async function expectHealthy(service: ServiceProcess): Promise<void> {
  for (const base of [service.sandbox, service.live, service.platform]) {
    const res = await call(base, 'GET', '/healthz');
    expect([base, res.status, res.json]).toEqual([base, 200, { status: 'ok' }]);
  }
}

/** The processes' command lines (Linux /proc): node and a compiled entry, no loader flag. */
async function commandLine(pid: number): Promise<string[]> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
}

async function seenEntries(): Promise<string[]> {
  return (await readFile(guard.seen, 'utf8').catch(() => '')).split('\n').filter(Boolean);
}

beforeAll(async () => {
  await buildIfStale();
  guard = await writeGuard((await newSite()).dataDir);
}, 300_000);

describe('the compiled service', () => {
  it('starts under plain node (npm run start:prod), serves its three listeners, the operator and platform APIs, the widget bundle and the guides', async () => {
    const site = await newSite();
    const service = spawnCompiled(site, 'main.js');
    await untilUp(service);
    await expectHealthy(service);

    expect(await commandLine(service.child.pid!)).toEqual([process.execPath, path.join(SERVICE, 'dist/main.js')]);
    expect(await seenEntries()).toContain(`${service.child.pid} ${path.join(SERVICE, 'dist/main.js')}`);

    // A tenant on the platform API, a user and a balance sync on the sandbox listener (the migrations ran).
    const { apiKey } = await newTenant(service, ['compiled-1']);
    const synced = await send(service, apiKey, {
      kind: 'single',
      key: `compiled-${Date.now()}`,
      body: credit('compiled-1', 1234),
    });
    expect(synced.status).toBe(200);
    expect(await balanceOf(service, apiKey, 'compiled-1')).toBe(1234);

    // Files the compiled code finds outside dist/: the widget bundle and the guides' markdown; and the reference.
    const bundle = await fetch(`${service.sandbox}/widget/v1/widget.iife.js`);
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toBe(await readFile(path.join(REPO, 'packages/widget/dist/widget.iife.js'), 'utf8'));
    const reference = await fetch(`${service.sandbox}/docs/reference/balance-sync`);
    expect(reference.status).toBe(200);
    expect(await reference.text()).toContain('id="create"');
    const guide = await fetch(`${service.sandbox}/docs/guides/quickstart`);
    expect(guide.status).toBe(200);
    expect(await guide.text()).toMatch(/<h1[^>]*>/);

    await terminate(service);
  }, 180_000);

  it('starts as a cluster (npm run start:prod:cluster): the primary forks compiled children, none with a loader', async () => {
    const site = await newSite();
    const service = spawnCompiled(site, 'cluster.js', { API_PROCESSES: '2', WORKER_PROCESSES: '1' });
    await untilUp(service);
    expect(service.stdout()).toMatch(/service is up: 2 API processes, 1 worker processes/);
    await expectHealthy(service);

    const pids = [...service.stdout().matchAll(/^(?:api|worker) process (\d+) ready$/gm)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(3);
    for (const pid of [service.child.pid!, ...pids]) {
      expect(await commandLine(pid)).toEqual([process.execPath, path.join(SERVICE, 'dist/cluster.js')]);
      expect(await seenEntries()).toContain(`${pid} ${path.join(SERVICE, 'dist/cluster.js')}`);
    }

    const tenant = await call(service.platform, 'POST', '/platform/v1/tenants', {
      key: ADMIN_TOKEN,
      body: { name: 'compiled cluster' },
    });
    expect(tenant.status).toBe(201);
    expect(tenant.json).toMatchObject({ name: 'compiled cluster', status: 'active' });

    await terminate(service);
  }, 180_000);
});
