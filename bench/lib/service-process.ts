import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchDatabase } from './database.js';

export const ADMIN_TOKEN = 'bench-platform-admin-token-0123456789abcdef';

/** How long a first start may take: initdb of the embedded server plus migrations. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;

/** Distinct free loopback ports, all held open together so that none is handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
      servers.push(server);
    }
    return servers.map((s) => (s.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

/**
 * What every bench's service runs with: this process's environment, fixed secrets, its three listeners'
 * ports, quiet logs, no demo tenant, and webhooks allowed to the benches' receivers on loopback.
 */
export function serviceEnv([sandbox, live, platform]: number[], dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN,
    WIDGET_SESSION_SECRET: 'bench-widget-session-secret-0123456789abcdef',
    SANDBOX_PORT: String(sandbox),
    LIVE_PORT: String(live),
    PLATFORM_PORT: String(platform),
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ALLOW_INSECURE_WEBHOOKS: '1',
    DATA_DIR: dataDir,
  };
}

export interface ServiceProcess {
  pid: number;
  sandboxUrl: string;
  platformUrl: string;
  /** Lines the service printed after it became healthy (warnings and errors at LOG_LEVEL=warn). */
  linesSinceReady(): string[];
  /** SIGTERM, then wait for the graceful stop (which also stops the embedded server). */
  stop(): Promise<void>;
}

/**
 * Runs the service as its own process, `node --import tsx` rather than the tsx CLI so that the pid we
 * signal is the service itself and not a wrapper that forks it.
 */
export async function startServiceProcess(
  repoRoot: string,
  database: BenchDatabase,
  poolSize: number,
  extraEnv: Record<string, string> = {},
): Promise<ServiceProcess> {
  const [sandbox, live, platform] = (await freePorts(3)) as [number, number, number];
  const env: NodeJS.ProcessEnv = {
    ...serviceEnv([sandbox, live, platform], database.dataDir),
    DB_POOL_SIZE: String(poolSize),
    ...extraEnv,
  };
  if (database.serviceUrl) env.DATABASE_URL = database.serviceUrl;
  else delete env.DATABASE_URL;

  // BENCH_SERVICE_NODE_FLAGS (say "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the service alone.
  const flags = process.env.BENCH_SERVICE_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...flags, '--conditions=pm-source', '--import', 'tsx', 'packages/service/src/main.ts'],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const startup: string[] = [];
  const later: string[] = [];
  let ready = false;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) (ready ? later : startup).push(line);
    if (later.length > 1000) later.splice(0, later.length - 1000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const sandboxUrl = `http://127.0.0.1:${sandbox}`;
  try {
    await waitHealthy(sandboxUrl, child, exited);
  } catch (error) {
    await stopChild(child, exited, database.dataDir);
    throw new Error(`${(error as Error).message}\nservice output:\n${startup.join('\n')}`);
  }
  ready = true;
  return {
    pid: child.pid!,
    sandboxUrl,
    platformUrl: `http://127.0.0.1:${platform}`,
    linesSinceReady: () => [...later],
    stop: () => stopChild(child, exited, database.dataDir),
  };
}

async function waitHealthy(base: string, child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`the service exited during start (code ${gone})`);
    const res = await fetch(`${base}/healthz`).catch(() => null);
    if (res?.status === 200) return;
    await sleep(200);
  }
  throw new Error(
    `the service did not answer GET /healthz with 200 within ${START_TIMEOUT_MS / 1000} s (pid ${child.pid})`,
  );
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>, dataDir: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const)]);
  if (code !== 'timeout') return;
  child.kill('SIGKILL');
  await exited;
  // The embedded server runs in its own session and survives a killed service: stop it by its pid.
  const postmaster = Number(
    (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
  );
  if (Number.isInteger(postmaster) && postmaster > 0) {
    try {
      process.kill(postmaster, 'SIGINT');
      await sleep(2000);
    } catch {
      // already gone
    }
  }
  throw new Error(`the service did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM and was killed`);
}
