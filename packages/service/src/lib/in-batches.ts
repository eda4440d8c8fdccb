/**
 * Deletes (or moves) rows a bounded batch at a time, each its own short statement, until a batch comes
 * back short: one run clears a backlog however large without one long transaction. Returns how many.
 */
export async function inBatches(batch: number, step: (limit: number) => Promise<number>): Promise<number> {
  let done = 0;
  for (;;) {
    const n = await step(batch);
    done += n;
    if (n < batch) return done;
  }
}
