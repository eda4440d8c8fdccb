import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { restartEmbeddedServer } from '../../../packages/service/src/db/embedded-server.js';

const run = promisify(execFile);

export type StopMode = 'fast' | 'immediate';

export interface DatabaseRestarts {
  label: string;
  /** Restarts the server under the running service; resolves once it accepts connections again. */
  restart(mode: StopMode): Promise<void>;
  /** Starts the server if a failed restart left it down (the machine's server must outlive the harness). */
  ensureRunning(): Promise<void>;
}

/** The embedded server the cluster's primary runs on DATA_DIR, restarted in place with its own pg_ctl. */
export function embeddedRestarts(dataDir: string): DatabaseRestarts {
  return {
    label: 'the embedded PostgreSQL (pg_ctl restart)',
    restart: (mode) => restartEmbeddedServer(dataDir, mode),
    ensureRunning: async () => {},
  };
}

/**
 * The machine's PostgreSQL cluster that serves `url`, found by its port in pg_lsclusters and restarted with
 * pg_ctlcluster, or null with the reason when there is none here to restart (another host, no
 * postgresql-common).
 */
export async function machineRestarts(url: string): Promise<DatabaseRestarts | string> {
  const { hostname, port } = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname)) return `DATABASE_URL is not on this machine`;
  const listed = await run('pg_lsclusters', ['--no-header']).catch(() => null);
  if (listed === null) return 'pg_lsclusters is not installed (postgresql-common)';
  const line = listed.stdout
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((cols) => cols[2] === (port || '5432'));
  if (!line) return `no cluster in pg_lsclusters listens on port ${port || 5432}`;
  const [version, name] = line as [string, string];
  const ctl = (...args: string[]) => run('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, ...args]);
  return {
    label: `the machine's PostgreSQL ${version}/${name} (pg_ctlcluster restart)`,
    async restart(mode) {
      await ctl('restart', '--mode', mode);
      await untilAccepting(url);
    },
    async ensureRunning() {
      const status = await ctl('status').catch(() => null);
      if (status === null) await ctl('start');
      await untilAccepting(url);
    },
  };
}

async function untilAccepting(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
