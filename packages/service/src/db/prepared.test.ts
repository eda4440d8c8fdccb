import { sql } from 'kysely';
import { describe, expect, it, inject } from 'vitest';
import { createDb, createPool } from './connection.js';
import { prepared, preparedName, runPrepared } from './prepared.js';

/** The statements this connection holds prepared, by name, with their text. */
const preparedOn = async (db: ReturnType<typeof createDb>) =>
  (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db)).rows;

describe('prepared statements', () => {
  it('names a marked text by its text, and leaves every other text unnamed', () => {
    const text = prepared(sql`select ${1}::int as one`).compile(createDb(createPool('postgres://unused', 1))).sql;
    expect(preparedName(text)).toMatch(/^pm_[0-9a-f]{20}$/);
    expect(preparedName(text)).toBe(preparedName(text));
    expect(preparedName(`${text} `)).not.toBe(preparedName(text));
    expect(preparedName('select 1')).toBeUndefined();
  });

  it('with prepare, sends marked statements by name (once per connection) and gives the same rows', async () => {
    const db = createDb(createPool(inject('databaseUrl'), 1, undefined, { prepare: true }));
    try {
      const marked = (n: bigint) =>
        prepared(sql<{ n: bigint; twice: bigint }>`select ${n}::bigint as n, ${n}::bigint * 2 as twice`);
      for (const n of [1n, 9007199254740993n, 3n]) {
        expect((await marked(n).execute(db)).rows).toEqual([{ n, twice: n * 2n }]);
      }
      const rows = await runPrepared(
        db,
        db.selectNoFrom((eb) => eb.cast<number>(eb.val(41), 'integer').as('answer')),
      );
      expect(rows).toEqual([{ answer: 41 }]);
      await sql`select ${'unmarked'}::text`.execute(db);
      const names = await preparedOn(db);
      expect(names).toHaveLength(2);
      expect(names.every((p) => p.name.startsWith('pm_') && p.statement.startsWith('/*prepared*/'))).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('without prepare (behind a pooler), sends every statement unnamed', async () => {
    const db = createDb(createPool(inject('databaseUrl'), 1));
    try {
      const rows = (await prepared(sql<{ n: number }>`select ${7}::int as n`).execute(db)).rows;
      expect(rows).toEqual([{ n: 7 }]);
      expect(await preparedOn(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('keeps a marked statement working inside a transaction that failed and rolled back before', async () => {
    const db = createDb(createPool(inject('databaseUrl'), 1, undefined, { prepare: true }));
    try {
      const marked = prepared(sql<{ x: number }>`select 1 / ${0}::int as x`);
      await expect(db.transaction().execute((tx) => marked.execute(tx))).rejects.toThrow(/division by zero/);
      const ok = prepared(sql<{ x: number }>`select 1 / ${1}::int as x`);
      expect((await db.transaction().execute((tx) => ok.execute(tx))).rows).toEqual([{ x: 1 }]);
      expect((await marked.execute(db).catch((e: Error) => e.message)) as string).toMatch(/division by zero/);
    } finally {
      await db.destroy();
    }
  });
});
