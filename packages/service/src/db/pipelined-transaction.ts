import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type RawBuilder,
} from 'kysely';
import pg from 'pg';
import type { Executor } from './connection.js';
import type { Database } from './schema.js';

/*
 * Transactions whose statements travel pipelined (docs/architecture.md, "The write path"): on a connection
 * of a pool made with `pipeline: true`, node-postgres sends a statement at once instead of after the one
 * before it answered, so statements that do not wait for each other's answers cost one round trip together.
 * PostgreSQL still runs them one after another, in the order they reach it. Kysely runs one statement at a
 * time on a transaction, so the statements go through an executor of their own, bound to the transaction.
 * The order between statements sent together is not promised (Kysely may take more steps for one than for
 * another); what is: BEGIN first, and the write and COMMIT last, after everything else has answered.
 *
 * Statements sent in one burst (a callback and the promise steps it sets off) also leave in one write to
 * the socket: BEGIN with the round's first reads, the write with COMMIT. Each write otherwise is a system
 * call and a wake-up of the server's backend, which on a machine as busy as its cores costs more than the
 * statement's bytes (docs/benchmarks.md, "A round's statements in one write to the socket").
 */

/** A transaction on one connection, its statements pipelined. */
export interface PipelinedTransaction {
  /** Statements sent without awaiting each other go out together; BEGIN has gone before them all. */
  readonly tx: Executor;
  /**
   * Sends `last` (the transaction's write, or nothing) and COMMIT together, once every statement before
   * has answered, and gives `last`'s rows. Rejects when the transaction did not commit. Nothing sent
   * before `last` may change data: if `last` fails before the server sees it, COMMIT still runs.
   */
  commitWith<R>(last: RawBuilder<R> | null): Promise<R[]>;
}

/** Runs `work` in a pipelined transaction; it commits by `commitWith` (or at its end), and rolls back on an error. */
export type PipelinedTransactions = <T>(work: (t: PipelinedTransaction) => Promise<T>) => Promise<T>;

export function pipelinedTransactions(pool: pg.Pool): PipelinedTransactions {
  return async (work) => {
    const client = await pool.connect();
    const run = new PipelinedRun(client);
    let broken: Error | undefined;
    try {
      // Sent here, before work runs, so it is the first statement the server runs, whatever path work's
      // statements take through Kysely.
      const begun = run.send('begin');
      const [, result] = await Promise.all([begun, work({ tx: run.tx, commitWith: (last) => run.commitWith(last) })]);
      if (!run.ended) await run.commitWith(null);
      return result;
    } catch (error) {
      if (!run.ended) {
        run.ended = true;
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      }
      throw error;
    } finally {
      // Every statement this transaction sent has answered before the connection serves another, and a
      // connection left inside a transaction (a bug) is closed rather than handed on.
      await run.settled();
      if (broken === undefined && client.getTransactionStatus() !== 'I') {
        broken = new Error('a pipelined transaction left its connection inside a transaction');
      }
      client.release(broken);
    }
  };
}

/** The socket under a node-postgres client (its `connection.stream`, which pg's typings leave out). */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/** A parameter as node-postgres puts it on the wire (pg's own prepareValue, which its typings leave out). */
const toWire = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

/**
 * One transaction's statements, and Kysely's driver for them: each sent as soon as Kysely hands it over.
 * A transaction has its own (a Kysely is cheap), so a statement of a transaction that has ended, arriving
 * late, is refused rather than run outside it or in the connection's next transaction.
 */
class PipelinedRun implements Driver {
  /** COMMIT or ROLLBACK has been sent: the transaction is over. */
  ended = false;
  /** The socket's writes are held until the burst under way is over (holdWrites). */
  private holding = false;
  readonly tx: Executor;
  private readonly sent = new Set<Promise<pg.QueryResult>>();
  private readonly connection: DatabaseConnection;

  constructor(private readonly client: pg.PoolClient) {
    this.connection = {
      executeQuery: async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
        if (this.ended) throw new Error('a statement came after its pipelined transaction ended');
        const { command, rowCount, rows } = await this.send(compiled.sql, [...compiled.parameters]);
        const writes = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command);
        return { rows: rows as R[], ...(writes && { numAffectedRows: BigInt(rowCount ?? 0) }) };
      },
      streamQuery() {
        throw new Error('a pipelined transaction does not stream');
      },
    };
    this.tx = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => this,
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
  }

  send(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
    this.holdWrites();
    const sent = this.client.query(text, values);
    this.sent.add(sent);
    const done = () => this.sent.delete(sent);
    sent.then(done, done);
    return sent;
  }

  async commitWith<R>(last: RawBuilder<R> | null): Promise<R[]> {
    if (this.ended) throw new Error('the pipelined transaction has ended already');
    // The write made ready to send now, values and all: one that cannot be sent fails here, while the
    // transaction can still roll back, not after COMMIT is on its way.
    const compiled = last?.compile(this.tx);
    const values = compiled?.parameters.map(toWire) ?? [];
    await this.settled();
    if (this.ended) throw new Error('the pipelined transaction ended while its write waited');
    this.ended = true;
    const [written, committed] = await Promise.allSettled([
      compiled ? this.send(compiled.sql, values) : null,
      this.send('commit'),
    ]);
    // COMMIT committed only if everything before it, the write too, ran on the server (the write could
    // only fail here once the server had answered it).
    if (committed.status === 'fulfilled' && committed.value.command === 'COMMIT') {
      return written.status === 'fulfilled' && written.value ? (written.value.rows as R[]) : [];
    }
    if (written.status === 'rejected') throw written.reason;
    if (committed.status === 'rejected') throw committed.reason;
    throw new Error('the transaction was rolled back at its COMMIT');
  }

  /**
   * Holds the socket's writes until the burst under way is over: a tick queued from a promise step runs
   * once no promise step is left, so every statement this burst sends goes in one write. Node counts
   * corks, so node-postgres's own cork around a statement's messages nests inside this one.
   */
  private holdWrites(): void {
    if (this.holding) return;
    const { stream } = (this.client as unknown as { connection: { stream: Corkable } }).connection;
    stream.cork();
    this.holding = true;
    process.nextTick(() => {
      this.holding = false;
      stream.uncork();
    });
  }

  /** Once every statement sent so far has answered (or failed). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.sent]);
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
