import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, createPool } from './connection.js';
import { pipelinedTransactions } from './pipelined-transaction.js';

const url = inject('databaseUrl');
const pool = createPool(url, 2, undefined, { pipeline: true, prepare: true });
const transactions = pipelinedTransactions(pool);
const other = createDb(createPool(url, 2));
const table = sql.table(`pipelined_${process.pid}`);

const rowsOf = async () =>
  (await sql<{ n: number }>`select n from ${table} order by seq`.execute(other)).rows.map((r) => r.n);

beforeAll(async () => {
  await sql`create table ${table} (seq serial primary key, n int not null)`.execute(other);
});
afterAll(async () => {
  await sql`drop table if exists ${table}`.execute(other);
  await other.destroy();
  await pool.end();
});

describe('pipelinedTransactions', () => {
  it('runs statements sent together inside one transaction, and commits them with the write', async () => {
    await sql`truncate ${table}`.execute(other);
    const seen = await transactions(async ({ tx, commitWith }) => {
      const sent = [1, 2, 3].map((n) => sql`insert into ${table} (n) values (${n})`.execute(tx));
      await Promise.all(sent);
      expect(await rowsOf(), 'nothing is visible outside before COMMIT').toEqual([]);
      const read = await sql<{ n: number }>`select n from ${table} order by n`.execute(tx);
      const written = await commitWith(sql<{ n: number }>`insert into ${table} (n) values (4) returning n`);
      expect(written).toEqual([{ n: 4 }]);
      return read.rows.map((r) => r.n);
    });
    expect(seen).toEqual([1, 2, 3]);
    expect((await rowsOf()).sort()).toEqual([1, 2, 3, 4]);
  });

  it('sends BEGIN before any statement, on a new connection too, whenever the work sends it', async () => {
    // New pools: a connection's first transaction takes Kysely's longest path, and a statement sent a few
    // steps later must still not overtake BEGIN.
    for (let steps = 0; steps < 8; steps++) {
      const fresh = createPool(url, 1, undefined, { pipeline: true, prepare: true });
      try {
        let otherGot: boolean | undefined;
        await pipelinedTransactions(fresh)(async ({ tx, commitWith }) => {
          for (let i = 0; i < steps; i++) await Promise.resolve();
          await sql`select pg_try_advisory_xact_lock(${424242}::bigint)`.execute(tx);
          const got = await sql<{ got: boolean }>`select pg_try_advisory_lock(${424242}::bigint) as got`.execute(other);
          otherGot = got.rows[0]!.got;
          await commitWith(null);
        });
        expect(otherGot, `after ${steps} steps, the lock is held until COMMIT: taken inside the transaction`).toBe(
          false,
        );
      } finally {
        await fresh.end();
      }
    }
    // A write with nothing before it still goes after BEGIN: it commits once, and the transaction ends cleanly.
    const fresh = createPool(url, 1, undefined, { pipeline: true, prepare: true });
    try {
      await sql`truncate ${table}`.execute(other);
      await pipelinedTransactions(fresh)(({ commitWith }) => commitWith(sql`insert into ${table} (n) values (7)`));
      expect(await rowsOf()).toEqual([7]);
    } finally {
      await fresh.end();
    }
  });

  it('commits nothing when the write sent with COMMIT fails, the work throws or an earlier statement failed', async () => {
    await sql`truncate ${table}`.execute(other);
    const failing = transactions(async ({ tx, commitWith }) => {
      void sql`insert into ${table} (n) values (1)`.execute(tx);
      await commitWith(sql`with c as (insert into ${table} (n) values (2) returning n)
        select raise_unless(count(*) = 2, 'two rows were expected') from c`);
    });
    await expect(failing).rejects.toThrow(/two rows were expected/);
    const throwing = transactions(async ({ tx }) => {
      await sql`insert into ${table} (n) values (3)`.execute(tx);
      throw new Error('the work failed');
    });
    await expect(throwing).rejects.toThrow(/the work failed/);
    expect(await rowsOf()).toEqual([]);
    const swallowed = transactions(async ({ tx, commitWith }) => {
      await sql`insert into ${table} (n) values (${'not a number'})`.execute(tx).catch(() => {});
      await commitWith(null);
    });
    await expect(swallowed).rejects.toThrow(/rolled back at its COMMIT/);
    let late: Promise<unknown> = Promise.resolve();
    await transactions(async ({ tx, commitWith }) => {
      await commitWith(null);
      late = sql`insert into ${table} (n) values (6)`.execute(tx);
    });
    await expect(late).rejects.toThrow(/after its pipelined transaction ended/);
    expect(await rowsOf()).toEqual([]);
    // A write whose values cannot be sent fails before COMMIT goes: nothing commits, and the answer says so.
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const unsendable = transactions(async ({ tx, commitWith }) => {
      await sql`insert into ${table} (n) values (8)`.execute(tx);
      await commitWith(sql`insert into ${table} (n) select ${cyclic}::jsonb is not null::int`);
    });
    await expect(unsendable).rejects.toThrow();
    // Work that fails while its write waits for earlier statements: the write never follows the ROLLBACK.
    const abandoned = transactions(async ({ tx, commitWith }) => {
      void sql`select pg_sleep(0.05)`.execute(tx).catch(() => {});
      void commitWith(sql`insert into ${table} (n) values (9)`).catch(() => {});
      throw new Error('the work failed');
    });
    await expect(abandoned).rejects.toThrow(/the work failed/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rowsOf()).toEqual([]);
    // The connections are fine afterwards.
    await transactions(({ commitWith }) => commitWith(sql`insert into ${table} (n) values (5)`));
    expect(await rowsOf()).toEqual([5]);
  });
  it('sends the statements of one burst in one write to the socket: BEGIN with the first reads, the write with COMMIT', async () => {
    const own = createPool(url, 1, undefined, { pipeline: true, prepare: true });
    let writes = 0;
    own.on('connect', (client) => {
      type Write = (...args: unknown[]) => unknown;
      const stream = (client as unknown as { connection: { stream: { _write: Write; _writev: Write } } }).connection
        .stream;
      for (const method of ['_write', '_writev'] as const) {
        const original = stream[method].bind(stream);
        stream[method] = (...args: unknown[]) => {
          writes += 1;
          return original(...args);
        };
      }
    });
    try {
      const run = pipelinedTransactions(own);
      // A first transaction opens the connection (its start-up messages are writes too).
      await run(async ({ commitWith }) => commitWith(null));
      writes = 0;
      const read = await run(async ({ tx, commitWith }) => {
        const [a, b] = await Promise.all([
          sql<{ n: number }>`select 1 as n`.execute(tx),
          sql<{ n: number }>`select count(*)::int as n from ${table}`.execute(tx),
        ]);
        await commitWith(sql`insert into ${table} (n) values (5)`);
        return [a.rows[0]!.n, typeof b.rows[0]!.n];
      });
      expect(read).toEqual([1, 'number']);
      expect(writes).toBe(2);
    } finally {
      await own.end();
    }
  });
});
