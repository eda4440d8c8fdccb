import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type RawBuilder,
} from 'kysely';
import type pg from 'pg';
import type { Executor } from './connection.js';
import type { Database } from './schema.js';

/*
 * Transactions whose statements travel pipelined (docs/architecture.md, "The write path"): on a connection
 * of a pool made with `pipeline: true`, node-postgres sends a statement at once instead of after the one
 * before it answered, so statements that do not wait for each other's answers cost one round trip together.
 * PostgreSQL still runs them one after another, in the order sent. Kysely runs one statement at a time on a
 * transaction, so the statements go through an executor of their own, bound to the connection.
 */

/** A transaction on one connection, its statements pipelined. */
export interface PipelinedTransaction {
  /** Statements sent without awaiting each other go out together, BEGIN first. */
  readonly tx: Executor;
  /**
   * Sends `last` (the transaction's write, or nothing) and COMMIT together, and gives `last`'s rows once
   * both have answered. Rejects if either failed: the transaction is then rolled back, never committed.
   */
  commitWith<R>(last: RawBuilder<R> | null): Promise<R[]>;
}

/** Runs `work` in a pipelined transaction; it commits by `commitWith` (or at its end), and rolls back on an error. */
export type PipelinedTransactions = <T>(work: (t: PipelinedTransaction) => Promise<T>) => Promise<T>;

export function pipelinedTransactions(pool: pg.Pool): PipelinedTransactions {
  return async (work) => {
    const client = await pool.connect();
    const { tx, driver } = executorOn(client);
    driver.ended = false;
    let broken: Error | undefined;
    try {
      // Every statement, BEGIN and COMMIT too, goes through `tx`, which sends them in the order they are
      // given: BEGIN is the first the server runs, COMMIT the last.
      const begun = tx.executeQuery(BEGIN);
      const commitWith = async <R>(last: RawBuilder<R> | null): Promise<R[]> => {
        const written = last ? tx.executeQuery(last.compile(tx)) : null;
        const committed = tx.executeQuery(COMMIT);
        const [rows] = await Promise.all([written, committed]);
        // A statement that failed earlier (its error caught) turned COMMIT into ROLLBACK.
        if (driver.committed !== true) throw new Error('the transaction was rolled back at its COMMIT');
        return (rows?.rows ?? []) as R[];
      };
      const [, result] = await Promise.all([begun, work({ tx, commitWith })]);
      if (!driver.ended) await commitWith(null);
      return result;
    } catch (error) {
      if (!driver.ended) {
        await tx.executeQuery(ROLLBACK).catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      }
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

const executors = new WeakMap<pg.PoolClient, { tx: Executor; driver: ClientDriver }>();

/** A Kysely whose every statement goes straight to this client, without waiting for the one before. */
function executorOn(client: pg.PoolClient): { tx: Executor; driver: ClientDriver } {
  let bound = executors.get(client);
  if (!bound) {
    const driver = new ClientDriver(client);
    const tx = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => driver,
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    bound = { tx, driver };
    executors.set(client, bound);
  }
  return bound;
}

/**
 * Kysely's driver for one client: each statement sent as soon as Kysely hands it over, which it does in
 * the order the statements were given. Once COMMIT or ROLLBACK is sent, a later statement is refused
 * rather than run outside the transaction.
 */
class ClientDriver implements Driver {
  private readonly connection: DatabaseConnection;
  /** COMMIT or ROLLBACK has been sent: the transaction is over. */
  ended = false;
  /** Whether COMMIT committed (false: the server rolled the transaction back instead). */
  committed: boolean | null = null;

  constructor(client: pg.PoolClient) {
    this.connection = {
      executeQuery: async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
        if (this.ended) throw new Error('a statement came after its pipelined transaction ended');
        if (compiled === BEGIN) this.committed = null;
        if (compiled === COMMIT || compiled === ROLLBACK) this.ended = true;
        const { command, rowCount, rows } = await client.query(compiled.sql, [...compiled.parameters]);
        if (compiled === COMMIT) this.committed = command === 'COMMIT';
        const writes = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command);
        return { rows: rows as R[], ...(writes && { numAffectedRows: BigInt(rowCount ?? 0) }) };
      },
      streamQuery() {
        throw new Error('a pipelined transaction does not stream');
      },
    };
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('a pipelined transaction is begun by pipelinedTransactions');
  }
  async commitTransaction(): Promise<void> {
    throw new Error('a pipelined transaction is committed by commitWith');
  }
  async rollbackTransaction(): Promise<void> {
    throw new Error('a pipelined transaction is rolled back by pipelinedTransactions');
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}
