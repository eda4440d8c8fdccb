import { describe, expect, it, inject } from 'vitest';
import { createDatabaseOn } from '../../scripts/scratch-database.js';
import { createPool } from './connection.js';
import { assertSameDatabase, connectionBudgetWarning, connectionCeiling } from './connection-checks.js';

describe('DATABASE_DIRECT_URL', () => {
  it('is accepted when it reaches the database of DATABASE_URL', async () => {
    const [pooled, direct] = [createPool(inject('databaseUrl'), 1), createPool(inject('databaseUrl'), 1)];
    try {
      await expect(assertSameDatabase(pooled, direct)).resolves.toBeUndefined();
    } finally {
      await Promise.all([pooled.end(), direct.end()]);
    }
  });

  it('is refused when it reaches another database of the server', async () => {
    const other = await createDatabaseOn(inject('databaseUrl'), `direct_check_${process.pid}`);
    const [pooled, direct] = [createPool(inject('databaseUrl'), 1), createPool(other.url, 1)];
    try {
      await expect(assertSameDatabase(pooled, direct)).rejects.toThrow(/DATABASE_DIRECT_URL does not reach/);
    } finally {
      await Promise.all([pooled.end(), direct.end()]);
      await other.drop();
    }
  });
});

describe('the connection budget of a cluster', () => {
  it('counts each process its pool, its queue pool and two LISTENs; behind a pooler, only the direct ones', () => {
    expect(connectionCeiling({ processes: 3, poolSize: 20, queuePoolSize: 7, pooled: false })).toBe(87);
    expect(connectionCeiling({ processes: 3, poolSize: 20, queuePoolSize: 7, pooled: true })).toBe(27);
  });

  it('warns when the processes could open more connections than the server takes, and only then', async () => {
    const url = inject('databaseUrl');
    const fits = await connectionBudgetWarning(url, { processes: 1, poolSize: 2, queuePoolSize: 7, pooled: false });
    expect(fits).toBeNull();
    const many = await connectionBudgetWarning(url, { processes: 100, poolSize: 20, queuePoolSize: 7, pooled: false });
    expect(many).toMatch(/^100 processes may open up to 2900 connections, and the server takes \d+/);
  });
});
