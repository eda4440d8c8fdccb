import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool } from './connection.js';
import { copyLines } from './copy.js';

/** A table that keeps, with each line, the synchronous_commit its COPY ran under and the connection's backend. */
const TABLE = `copy_test_${process.pid}`;
const STATEMENT = `copy ${TABLE} (line) from stdin`;
let pool: ReturnType<typeof createPool>;
/** The server's own setting, which a durable copy keeps (a test server may run with it off). */
let serverSetting: string;

beforeAll(async () => {
  pool = createPool(inject('databaseUrl'), 2);
  await pool.query(
    `create table ${TABLE} (line text not null, commit_mode text not null default current_setting('synchronous_commit'),
       backend int not null default pg_backend_pid())`,
  );
  serverSetting = (await pool.query<{ setting: string }>("select current_setting('synchronous_commit') as setting"))
    .rows[0]!.setting;
});
afterAll(async () => {
  await pool.query(`drop table if exists ${TABLE}`);
  await pool.end();
});

const written = async () =>
  (await pool.query<{ line: string; commit_mode: string; backend: number }>(`select * from ${TABLE} order by line`))
    .rows;

describe('copyLines', () => {
  it('writes every line in one transaction, durable unless told otherwise, and gives the connection back as it was', async () => {
    await copyLines(pool, STATEMENT, 'a\nb\n');
    await copyLines(pool, STATEMENT, 'c\n', { durable: false });
    const rows = await written();
    expect(rows.map(({ line, commit_mode }) => ({ line, commit_mode }))).toEqual([
      { line: 'a', commit_mode: serverSetting },
      { line: 'b', commit_mode: serverSetting },
      { line: 'c', commit_mode: 'off' },
    ]);
    // `set local` ends with its transaction: the connection that copied went back to the pool, as it came.
    const clients = [await pool.connect(), await pool.connect()];
    try {
      const settings = await Promise.all(
        clients.map(
          async (client) =>
            (
              await client.query('select pg_backend_pid() as pid, current_setting($1) as setting', [
                'synchronous_commit',
              ])
            ).rows[0],
        ),
      );
      expect(settings.map((s) => s.pid)).toContain(rows[2]!.backend);
      for (const { setting } of settings) expect(setting).toBe(serverSetting);
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('writes none of the lines when the database refuses one', async () => {
    await pool.query(`truncate ${TABLE}`);
    // 23502: a null in a not-null column (the second line).
    await expect(copyLines(pool, STATEMENT, 'd\n\\N\n', { durable: false })).rejects.toMatchObject({ code: '23502' });
    expect(await written()).toEqual([]);
  });
});
