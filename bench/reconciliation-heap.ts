/**
 * Whether a reconciliation run keeps anything per user (bench/README.md): the run's verb called in this
 * process on a scratch database, with the JavaScript heap measured after a forced garbage collection
 * before and after each run, and its peak while running. The service's RSS (bench/reconciliation.ts)
 * also shows how lazily V8 collects; the heap after collection shows what is kept.
 * `node --expose-gc --import tsx bench/reconciliation-heap.ts [--users N]` (default 100,000).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createScratchDatabase } from '../packages/service/scripts/scratch-database.js';
import { createDb, createPool } from '../packages/service/src/db/connection.js';
import { migrate } from '../packages/service/src/db/migrate.js';
import { systemContextOf } from '../packages/service/src/domains/context.js';
import { runReconciliation } from '../packages/service/src/domains/reconciliation/index.js';
import { pipelinedTransactions } from '../packages/service/src/db/pipelined-transaction.js';
import { createWriteEngine } from '../packages/service/src/write-path/index.js';
import { systemClock } from '../packages/service/src/lib/clock.js';
import { createLogger } from '../packages/service/src/lib/logger.js';
import { mib } from './lib/process-memory.js';
import { seedReconciliationMix } from './lib/reconciliation-seed.js';
import { fmt, table } from './lib/stats.js';

const { values: args } = parseArgs({ options: { users: { type: 'string' } } });
const USERS = Number(args.users ?? 100_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx bench/reconciliation-heap.ts');

const scratch = await createScratchDatabase(`pm_heap_${process.pid}`);
const pool = createPool(scratch.url, 4);
try {
  await migrate(pool);
  const tenants = [randomUUID(), randomUUID()];
  for (const id of tenants)
    await pool.query(
      `insert into tenants (id, name, status, created_at, updated_at) values ($1, 'heap bench', 'active', now(), now())`,
      [id],
    );
  const seeded = await seedReconciliationMix(scratch.url, tenants, USERS);
  await pool.query('analyze');
  const base = { db: createDb(pool), clock: systemClock, log: createLogger('warn') };
  const runtime = { ...base, engine: createWriteEngine({ ...base, transactions: pipelinedTransactions(pool) }) };
  console.log(`reconciliation heap: ${USERS} users, ${seeded.disagree + seeded.refused} discrepancies to find`);
  const rows: string[][] = [];
  for (const label of ['first run', 'second run', 'third run']) {
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const start = performance.now();
    const run = await runReconciliation(systemContextOf(runtime, 'heap-bench'), 'platform');
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    gc();
    const after = process.memoryUsage().heapUsed;
    rows.push([label, String(run.discrepancies), fmt(seconds, 2), fmt(mib(before)), fmt(mib(peak)), fmt(mib(after))]);
  }
  console.log(table(['', 'found', 'seconds', 'heap before MiB', 'heap peak MiB', 'heap after gc MiB'], rows));
} finally {
  await pool.end();
  await scratch.drop();
}
