import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedServer } from '../src/db/embedded-server.js';

/** A database made for one run and dropped after it, with the URL to reach it. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a database named `name` on DATABASE_URL's server when it is set, else on an embedded server
 * in a temporary folder that `drop` removes. The test run and `npm run db:types` both start here.
 */
export async function createScratchDatabase(name: string): Promise<ScratchDatabase> {
  let serverUrl = process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!serverUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pm-scratch-'));
    const server = await startEmbeddedServer(dataDir, 'scratch-password');
    serverUrl = server.url;
    stopEmbedded = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const database = await createDatabaseOn(serverUrl, name);
  return {
    url: database.url,
    drop: async () => {
      await database.drop();
      await stopEmbedded();
    },
  };
}

/** Creates the database `name` on the server `serverUrl` reaches (any database of it will do). */
export async function createDatabaseOn(serverUrl: string, name: string): Promise<ScratchDatabase> {
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
