import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where the service keeps its data and how the bench reaches the same database. */
export interface BenchDatabase {
  /** Every run gets its own DATA_DIR (secrets, and the embedded server's files when it runs one). */
  dataDir: string;
  /** DATABASE_URL for the service, or null for the embedded server. */
  serviceUrl: string | null;
  label: string;
  /** The URL the bench's own pool uses; for the embedded server known only once the service is up. */
  url(): Promise<string>;
  /** Drops the throwaway database and removes DATA_DIR; call after the service stopped. */
  dispose(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * With DATABASE_URL, a throwaway database on that server (the bench writes thousands of rows it
 * should not leave behind); without it, a fresh DATA_DIR so the service starts its embedded server.
 */
export async function prepareDatabase(externalUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-bench-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (!externalUrl) {
    return {
      dataDir,
      serviceUrl: null,
      label: 'embedded PostgreSQL (DATA_DIR in tmp)',
      url: () => embeddedUrl(dataDir),
      dispose: removeDir,
    };
  }
  const name = `pm_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: externalUrl });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } catch (error) {
    await removeDir();
    throw new Error(`cannot create the bench database on DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }
  const url = withDatabase(externalUrl, name);
  const host = new URL(externalUrl);
  return {
    dataDir,
    serviceUrl: url,
    label: `DATABASE_URL ${host.hostname}:${host.port || 5432}, throwaway database ${name}`,
    url: async () => url,
    dispose: async () => {
      const client = new pg.Client({ connectionString: externalUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
        await removeDir();
      }
    },
  };
}

/** The embedded server's URL: its port is line 4 of postmaster.pid, its password in secrets.json. */
async function embeddedUrl(dataDir: string): Promise<string> {
  const pid = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const port = Number(pid[3]);
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    embeddedDbPassword: string;
  };
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in ${dataDir}/pg/postmaster.pid`);
  return `postgres://postgres:${encodeURIComponent(secrets.embeddedDbPassword)}@127.0.0.1:${port}/postgres`;
}

/** The pid of the server behind url (line 1 of postmaster.pid in its data directory), or null if unreadable. */
export async function postmasterPid(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ dir: string }>("select current_setting('data_directory') as dir");
    const pid = Number((await readFile(path.join(rows[0]!.dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/**
 * Brings the planner's statistics up to date after setup, so that plans do not depend on whether
 * autovacuum happened to analyze the fresh tables yet (see bench/README.md, "Plans": the completion
 * update's plan does).
 */
export async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
