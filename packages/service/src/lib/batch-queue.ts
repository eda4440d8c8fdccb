/**
 * Serial batches per key (a market's trades): work submitted while the key's batch is in flight waits
 * and joins the next batch, in arrival order; work submitted to an idle key starts at once, so a quiet market adds
 * no wait. Nothing is kept between batches but the queue itself: each batch reads its state afresh under
 * its locks, so a process can die or start at any time and several processes can share a market (their
 * batches serialise on the market's row).
 */
export class BatchQueue<T, R> {
  private readonly waiting = new Map<string, { item: T; settle: Settle<R> }[]>();

  constructor(
    private readonly run: (key: string, items: T[]) => Promise<R[]>,
    private readonly maxBatch: number,
  ) {}

  submit(key: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(key);
      const entry = { item, settle: { resolve, reject } };
      if (queue) {
        queue.push(entry);
        return;
      }
      this.waiting.set(key, [entry]);
      void this.drain(key);
    });
  }

  /** Runs the key's batches until nothing waits; the key's queue exists exactly while it drains. */
  private async drain(key: string): Promise<void> {
    for (;;) {
      const queue = this.waiting.get(key)!;
      if (queue.length === 0) {
        this.waiting.delete(key);
        return;
      }
      const batch = queue.splice(0, this.maxBatch);
      try {
        const results = await this.run(
          key,
          batch.map((entry) => entry.item),
        );
        batch.forEach((entry, i) => entry.settle.resolve(results[i]!));
      } catch (error) {
        for (const entry of batch) entry.settle.reject(error);
      }
    }
  }
}

interface Settle<R> {
  resolve(value: R): void;
  reject(error: unknown): void;
}
