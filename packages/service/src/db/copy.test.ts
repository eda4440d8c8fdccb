import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from './connection.js';
import { copyLines } from './copy.js';

/** A table that keeps, with each line, the synchronous_commit its COPY ran under. */
const TABLE = `copy_test_${process.pid}`;
const STATEMENT = `copy ${TABLE} (line) from stdin`;
let pool: ReturnType<typeof createPool>;

beforeAll(async () => {
  pool = createPool(inject('databaseUrl'), 2);
  await pool.query(
    `create table ${TABLE} (line text not null, commit_mode text not null default current_setting('synchronous_commit'))`,
  );
});
afterAll(async () => {
  await pool.query(`drop table if exists ${TABLE}`);
  await pool.end();
});

const written = async () =>
  (await pool.query<{ line: string; commit_mode: string }>(`select line, commit_mode from ${TABLE} order by line`))
    .rows;

describe('copyLines', () => {
  it('writes every line in one transaction, durable unless told otherwise, and leaves the connection as it was', async () => {
    await copyLines(pool, STATEMENT, 'a\nb\n');
    await copyLines(pool, STATEMENT, 'c\n', { durable: false });
    expect(await written()).toEqual([
      { line: 'a', commit_mode: 'on' },
      { line: 'b', commit_mode: 'on' },
      { line: 'c', commit_mode: 'off' },
    ]);
    // `set local` ends with its transaction: the pool's connections go back as they came.
    const settings = await Promise.all([pool.connect(), pool.connect()]);
    for (const client of settings) {
      expect((await client.query('show synchronous_commit')).rows[0].synchronous_commit).toBe('on');
      client.release();
    }
  });

  it('writes none of the lines when the database refuses one', async () => {
    await pool.query(`truncate ${TABLE}`);
    await expect(copyLines(pool, STATEMENT, 'd\n\\N\n', { durable: false })).rejects.toThrow(/null value/);
    expect(await written()).toEqual([]);
  });
});
