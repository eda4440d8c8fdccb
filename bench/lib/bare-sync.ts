import { createDb, createPool as createServicePool, type Db } from '../../packages/service/src/db/connection.js';
import { authenticateApiKey } from '../../packages/service/src/domains/api-keys/index.js';
import { tenantContextOf } from '../../packages/service/src/domains/context.js';
import type { Engine } from '../../packages/service/src/domains/context.js';
import { pipelinedTransactions } from '../../packages/service/src/db/pipelined-transaction.js';
import { createWriteEngine, ENGINE_CONNECTIONS } from '../../packages/service/src/write-path/index.js';
import { applyBalanceSync, movementOf } from '../../packages/service/src/domains/sync/index.js';
import { systemClock } from '../../packages/service/src/lib/clock.js';
import { createLogger } from '../../packages/service/src/lib/logger.js';
import { randomMovement, type Movement } from './movements.js';
import { runClosedLoops, type LoopsResult } from './closed-loops.js';
import type { Observation } from './observe.js';
import { loopPhase, type Phase } from './report.js';
import { fmt } from './stats.js';

/*
 * The service's write path without HTTP: the key lookup, then the sync verb on a write engine of this
 * process, which claims the key, applies, records and stores the answer in its rounds, as the service
 * does. There is no HTTP, JSON body parsing, zod body check, rate limit or hook around it: what the
 * engine and the database cost on their own.
 */

/** Statements per round of syncs (begin, claim, users, write, commit: three round trips), for the report. */
export const STATEMENTS_PER_SYNC = 5;

const request = { requestId: 'bench', source: 'bench' };

/** One balance sync as the service's route hands it to its verb. */
async function syncOnce(db: Db, engine: Engine, apiKey: string, key: string, movement: Movement): Promise<void> {
  const now = new Date();
  const found = await authenticateApiKey(db, apiKey, 'sandbox', now);
  if (!found.ok) throw new Error('api key not found');
  const runtime = { db, clock: systemClock, log: createLogger('warn'), engine };
  const ctx = tenantContextOf(runtime, found.value.tenantEnv, { kind: 'operator', keyId: 'bench' });
  const answer = await applyBalanceSync(ctx, request, { key, ...movementOf(movement) });
  if (answer.status !== 200) throw new Error(`key ${key}: ${answer.status} ${answer.body}`);
}

export interface BareOptions {
  databaseUrl: string;
  apiKey: string;
  userIds: readonly string[];
  connections: number;
  durationS: number;
  nextKey(): string;
  /** Called when the loops are done, before the pool closes (its backends exit, taking their CPU counters). */
  onLoopsDone?(): void;
}

export interface BareResult extends LoopsResult {
  syncs: number;
}

/** `connections` loops, each running syncOnce back to back on a pool of as many connections. */
export async function runBareSync(options: BareOptions): Promise<BareResult> {
  // The service's pool settings (int8 as bigint, the write path's statements prepared); an idle connection
  // dropped by the server is ignored.
  const pool = createServicePool(options.databaseUrl, options.connections, undefined, { prepare: true });
  const db = createDb(pool);
  const enginePool = createServicePool(options.databaseUrl, ENGINE_CONNECTIONS, undefined, {
    prepare: true,
    pipeline: true,
  });
  const transactions = pipelinedTransactions(enginePool);
  const engine = createWriteEngine({ transactions, clock: systemClock, log: createLogger('warn') });
  try {
    const result = await runClosedLoops(options.connections, options.durationS, () =>
      syncOnce(db, engine, options.apiKey, options.nextKey(), randomMovement(options.userIds)),
    );
    options.onLoopsDone?.();
    return { ...result, syncs: result.done };
  } finally {
    await pool.end();
    await enginePool.end();
  }
}

/** The bare ceiling as a phase of the report. */
export function barePhase(clients: number, r: BareResult, seen: Observation): Phase {
  return loopPhase('the engine without HTTP', 'syncs', clients, r, 1, seen, [
    `${r.syncs} syncs in ${fmt(r.elapsedS, 2)} s (${fmt((r.syncs * STATEMENTS_PER_SYNC) / r.elapsedS, 0)} statements/s)`,
  ]);
}
