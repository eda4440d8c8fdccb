import pg from 'pg';
import type { NextTransaction } from './ceiling-sql.js';
import { runClosedLoops, type LoopsResult } from './closed-loops.js';
import type { Observation, Observer } from './observe.js';

export interface CeilingOptions {
  url: string;
  /** Loops, each on a connection of its own. */
  clients: number;
  warmupS: number;
  durationS: number;
  next: NextTransaction;
  /** Starts watching the machine and the database for the measured run. */
  observe(): Promise<Observer>;
}

/**
 * A ceiling's run: `clients` connections, each sending `next(loop)` back to back (a failed transaction is
 * rolled back and counted), a warm-up that is not counted, then the measured run under observation.
 */
export async function runCeiling(options: CeilingOptions): Promise<{ result: LoopsResult; seen: Observation }> {
  const clients = Array.from({ length: options.clients }, () => new pg.Client({ connectionString: options.url }));
  try {
    await Promise.all(
      clients.map((c) => {
        c.on('error', () => {}); // a connection the server drops fails its next query, counted there
        return c.connect();
      }),
    );
    const once = async (loop: number) => {
      const client = clients[loop]!;
      try {
        await client.query(options.next(loop));
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      }
    };
    await runClosedLoops(options.clients, options.warmupS, once);
    const watching = await options.observe();
    const result = await runClosedLoops(options.clients, options.durationS, once);
    // Read the CPU counters while the backends still exist (they take theirs with them when they exit).
    const seen = await watching.end();
    if (result.done === 0) throw new Error(`the ceiling completed no transaction: ${result.firstError ?? 'no error'}`);
    return { result, seen };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}
