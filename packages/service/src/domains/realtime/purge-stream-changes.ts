import type { Ctx } from '../context.js';
import { purgeChanges } from './change-repo.js';

/**
 * How long change rows are kept: a reconnect resumes from any Last-Event-ID of the last 15 minutes,
 * three times the 5 minutes a reconnect is promised to resume from, so a purge that runs late costs nothing.
 */
export const RETENTION_MS = 15 * 60 * 1000;
const BATCH = 1_000;

/** Deletes change rows older than the retention, batch after batch until a batch comes back short. */
export async function purgeStreamChanges(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.now.getTime() - RETENTION_MS);
  let purged = 0;
  for (;;) {
    const deleted = await purgeChanges(ctx.db, cutoff, BATCH);
    purged += deleted;
    if (deleted < BATCH) return purged;
  }
}
