import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { prepareMarkedStatements } from './prepared.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** The pool or a transaction: what a verb reads and writes through (ctx.db). */
export type Executor = Kysely<Database>;

const INT8_OID = 20;
const INT8_ARRAY_OID = 1016;
const parseInt8Array = pg.types.getTypeParser(INT8_ARRAY_OID as never) as unknown as (
  value: string,
) => (string | null)[];

/**
 * A pool whose bigint columns (and bigint arrays) arrive as bigint, so money never passes through a
 * float; with `int8AsBigint: false`, as pg gives them (strings), for libraries that expect that. With
 * `prepare`, its connections send the statements marked `prepared` (prepared.ts) by name; with `pipeline`,
 * a statement without waiting for the one before (pipelined-transaction.ts: no cursor on such a pool).
 */
export function createPool(
  url: string,
  max: number,
  onIdleError: (error: Error) => void = () => {},
  {
    int8AsBigint = true,
    prepare = false,
    pipeline = false,
  }: { int8AsBigint?: boolean; prepare?: boolean; pipeline?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    pipeline,
    ...(int8AsBigint && {
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8_OID) return (value: string) => BigInt(value);
          if (oid === INT8_ARRAY_OID)
            return (value: string) => parseInt8Array(value).map((v) => (v === null ? null : BigInt(v)));
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    }),
  });
  // An idle connection the server ends (a restart, pg_terminate_backend, our own shutdown) is dropped
  // from the pool; without a listener the pool would rethrow it and end the process.
  pool.on('error', onIdleError);
  // A checked-out client whose connection dies fails the query it runs, which reports it; this listener
  // only keeps its 'error' event from becoming uncaught (the pool reports idle clients above).
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (prepare) prepareMarkedStatements(client);
  });
  return pool;
}

/** Rows a cursor fetches per round trip when a query is streamed: memory holds about this many. */
export const STREAM_BATCH = 1_000;

/** With pg-cursor, a query's `.stream()` reads through a server-side cursor: rows in bounded batches. */
export function createDb(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
}
