import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePorts, serviceEnv } from '../service-process.js';

export type Role = 'api' | 'worker';

export interface ClusterProcess {
  sandboxUrl: string;
  platformUrl: string;
  /** Children that said they were ready and have not exited since, by role (from the primary's lines). */
  alive(role: Role): number[];
  /** How many children of the role have said they were ready since the start (replacements included). */
  readyCount(role: Role): number;
  /** Waits until `count` children of the role are alive; false if that took longer than `ms`. */
  waitAlive(role: Role, count: number, ms: number): Promise<boolean>;
  output(): string;
  /** SIGTERM to the primary, which stops its children and then its embedded server. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;

/**
 * `npm run start:cluster` as a child process (the command itself, not a copy of its logic), with the
 * given database (DATABASE_URL, or the primary's embedded server in dataDir) and Redis.
 */
export async function startCluster(
  repoRoot: string,
  options: { dataDir: string; databaseUrl: string | null; redisUrl: string | null; apiProcesses: number },
): Promise<ClusterProcess> {
  const [sandbox, live, platform] = (await freePorts(3)) as [number, number, number];
  const env: NodeJS.ProcessEnv = {
    ...serviceEnv([sandbox, live, platform], options.dataDir),
    API_PROCESSES: String(options.apiProcesses),
    WORKER_PROCESSES: '1',
    DB_POOL_SIZE: '8',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.DATABASE_DIRECT_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;

  const child = spawn(
    process.execPath,
    ['--conditions=pm-source', '--import', 'tsx', 'packages/service/src/cluster.ts'],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const pidsOf = (role: Role, event: string) =>
    [...output.matchAll(new RegExp(`^${role} process (\\d+) ${event}`, 'gm'))].map((m) => Number(m[1]));
  const alive = (role: Role) => {
    const gone = new Set(pidsOf(role, 'exited'));
    return pidsOf(role, 'ready').filter((pid) => !gone.has(pid));
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!/service is up: /.test(output)) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the cluster did not come up:\n${output}`);
    }
    await sleep(100);
  }

  return {
    sandboxUrl: `http://127.0.0.1:${sandbox}`,
    platformUrl: `http://127.0.0.1:${platform}`,
    alive,
    readyCount: (role) => pidsOf(role, 'ready').length,
    async waitAlive(role, count, ms) {
      const until = Date.now() + ms;
      while (alive(role).length < count) {
        if (Date.now() > until) return false;
        await sleep(100);
      }
      return true;
    },
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(90_000).then(() => false)]);
      if (!stopped) child.kill('SIGKILL');
    },
  };
}
