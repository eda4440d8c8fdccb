import { inject } from 'vitest';
import { createDatabaseOn } from '../scripts/scratch-database.js';
import { startTestService, type TestService } from './helpers.js';

/**
 * The service on a database of its own, beside the run's (same server: embedded, or DATABASE_URL's).
 * For tests of work that spans every tenant, such as a reconciliation run: on the shared database it
 * would count other files' users and write events to their tenants.
 */
export async function startServiceOnOwnDatabase(
  options: Parameters<typeof startTestService>[0] = {},
): Promise<TestService & { databaseUrl: string }> {
  const database = await createDatabaseOn(inject('databaseUrl'), `pm_own_${process.pid}_${Date.now()}`);
  try {
    const service = await startTestService({ ...options, env: { ...options.env, DATABASE_URL: database.url } });
    return {
      ...service,
      databaseUrl: database.url,
      stop: async () => {
        await service.stop();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
