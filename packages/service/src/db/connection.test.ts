import { describe, expect, it, inject } from 'vitest';
import { createPool } from './connection.js';

describe('createPool', () => {
  it('reads bigint and bigint[] columns as bigint', async () => {
    const pool = createPool(inject('databaseUrl'), 1);
    try {
      const { rows } = await pool.query(
        "select 9007199254740993::bigint as one, '{1,9007199254740993,null}'::bigint[] as many",
      );
      expect(rows).toEqual([{ one: 9007199254740993n, many: [1n, 9007199254740993n, null] }]);
    } finally {
      await pool.end();
    }
  });

  it('survives the server ending an idle connection, and keeps serving', async () => {
    const name = `idle-test-${process.pid}-${Date.now()}`;
    const url = new URL(inject('databaseUrl'));
    url.searchParams.set('application_name', name);
    const errors: Error[] = [];
    const pool = createPool(url.toString(), 2, (error) => errors.push(error));
    try {
      expect((await pool.query('select 1::bigint as one')).rows).toEqual([{ one: 1n }]);
      const killer = createPool(inject('databaseUrl'), 1);
      await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      await killer.end();
      for (let i = 0; i < 50 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(errors.length).toBe(1);
      expect((await pool.query('select 2::bigint as two')).rows).toEqual([{ two: 2n }]);
    } finally {
      await pool.end();
    }
  });
});
