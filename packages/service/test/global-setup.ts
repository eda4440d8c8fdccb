import type { TestProject } from 'vitest/node';
import { createPool } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { migrateQueue } from '../src/jobs/queue.js';
import { memoryLogger } from '../src/lib/logger.js';
import { createScratchDatabase } from '../scripts/scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One throwaway database for the whole run: on the embedded server by default, on DATABASE_URL's server
 * when it is set (CI runs both). Tests isolate themselves by creating their own tenants.
 */
export default async function setup(project: TestProject) {
  const scratch = await createScratchDatabase(`pm_test_${process.pid}_${Date.now()}`);
  const pool = createPool(scratch.url, 2);
  await migrate(pool);
  await migrateQueue(pool, memoryLogger('silent').log);
  await pool.end();
  project.provide('databaseUrl', scratch.url);
  return () => scratch.drop();
}
