import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { freePort } from '../src/lib/processes.js';
import { ADMIN_TOKEN, call } from './helpers.js';

/**
 * The real service as a child process (`node --import tsx src/main.ts`, or src/cluster.ts for the
 * multi-process shape), for the tests that need one.
 */

const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Where a service process keeps its DATA_DIR and listens. */
export interface Site {
  dataDir: string;
  ports: { sandbox: number; live: number; platform: number };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServiceProcess {
  child: ChildProcess;
  sandbox: string;
  live: string;
  platform: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
}

/** Every child still running, for an afterAll to kill whatever a failed test left behind. */
export const children = new Set<ChildProcess>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function newSite(): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-process-'));
  return { dataDir, ports: { sandbox: await freePort(), live: await freePort(), platform: await freePort() } };
}

/**
 * Spawns the service on a site; it may or may not come up (see startService). `env` is added to the
 * test's own environment; a key set to undefined is removed (DATABASE_URL: undefined, the embedded server).
 */
export function spawnService(
  site: Site,
  env: Record<string, string | undefined> = {},
  entry: 'src/main.ts' | 'src/cluster.ts' = 'src/main.ts',
): ServiceProcess {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: site.dataDir,
    SANDBOX_PORT: String(site.ports.sandbox),
    LIVE_PORT: String(site.ports.live),
    PLATFORM_PORT: String(site.ports.platform),
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    ...env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  return runAsService(site, ['--conditions=pm-source', '--import', 'tsx', entry], SERVICE_DIR, merged);
}

/** Runs node with `args` as a service of the site: its output kept, its exit awaited, killed after a failed test. */
export function runAsService(site: Site, args: string[], cwd: string, env: NodeJS.ProcessEnv): ServiceProcess {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return {
    child,
    sandbox: `http://127.0.0.1:${site.ports.sandbox}`,
    live: `http://127.0.0.1:${site.ports.live}`,
    platform: `http://127.0.0.1:${site.ports.platform}`,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
}

/** Spawns the service and waits until /healthz answers 200. */
export async function startService(site: Site, env: Record<string, string | undefined> = {}): Promise<ServiceProcess> {
  const service = spawnService(site, env);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const health = await Promise.race([
      call(service.sandbox, 'GET', '/healthz').catch(() => null),
      service.exited.then(() => 'exited' as const),
    ]);
    if (health === 'exited') throw new Error(`the service exited while starting:\n${service.stderr()}`);
    if (health?.status === 200) return service;
    await sleep(100);
  }
  throw new Error(`the service did not become healthy:\n${service.stderr()}`);
}

/** SIGTERM, and a clean exit. */
export async function terminate(service: ServiceProcess): Promise<void> {
  service.child.kill('SIGTERM');
  expect(await service.exited, `exit after SIGTERM; stderr:\n${service.stderr()}`).toEqual({ code: 0, signal: null });
}

/** Kills every child still running (an afterAll's cleanup). */
export async function killChildren(): Promise<void> {
  await Promise.all(
    [...children].map((child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      return exited;
    }),
  );
}
