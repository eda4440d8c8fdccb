import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

const INT8_OID = 20;

/** A pool whose bigint columns arrive as bigint, so money never passes through a float. */
export function createPool(url: string, max: number, onIdleError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server ends (a restart, pg_terminate_backend, our own shutdown) is dropped
  // from the pool; without a listener the pool would rethrow it and end the process.
  pool.on('error', onIdleError);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
