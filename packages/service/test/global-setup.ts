import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedServer } from '../src/db/embedded-server.js';
import { createPool } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { migrateQueue } from '../src/jobs/queue.js';
import { memoryLogger } from '../src/lib/logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * One throwaway database for the whole run: on the embedded server by default, on DATABASE_URL's server
 * when it is set (CI runs both). Tests isolate themselves by creating their own tenants.
 */
export default async function setup(project: TestProject) {
  const name = `pm_test_${process.pid}_${Date.now()}`;
  let serverUrl = process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let dataDir: string | null = null;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pm-test-'));
    const server = await startEmbeddedServer(dataDir, 'test-password');
    serverUrl = server.url;
    stopEmbedded = () => server.stop();
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const pool = createPool(url, 2);
  await migrate(pool);
  await migrateQueue(pool, memoryLogger('silent').log);
  await pool.end();
  project.provide('databaseUrl', url);

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    await stopEmbedded?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
