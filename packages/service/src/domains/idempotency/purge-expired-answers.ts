import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { KEYED_OPERATIONS } from './operations.js';

const BATCH = 1_000;

/** Deletes stored answers past their replay window, a bounded batch per operation; returns how many. */
export async function purgeExpiredAnswers(ctx: Ctx): Promise<number> {
  let purged = 0;
  for (const [operation, { replayDays }] of Object.entries(KEYED_OPERATIONS)) {
    if (replayDays === null) continue;
    const cutoff = new Date(ctx.now.getTime() - replayDays * 86_400_000);
    // SKIP LOCKED: several processes may run this job at once without waiting on each other.
    const result = await sql`
      delete from idempotency_keys where ctid in (
        select ctid from idempotency_keys
        where operation = ${operation} and state = 'done' and created_at < ${cutoff}
        limit ${BATCH} for update skip locked)`.execute(ctx.db);
    purged += Number(result.numAffectedRows ?? 0n);
  }
  return purged;
}
