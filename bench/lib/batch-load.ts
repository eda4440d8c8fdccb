import { countRefusedItems, mergeLoads, runHttpLoad, type LoadResult } from './http-load.js';
import { keyMaker, movementsFor } from './movements.js';
import type { ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';

/** `count` disjoint slices of `size` users, one per client, so that concurrent batches never share a user. */
export function userSlices(ids: readonly string[], count: number, size: number): string[][] {
  if (ids.length < count * size)
    throw new Error(`${count} disjoint slices of ${size} users need ${count * size} users, there are ${ids.length}`);
  return Array.from({ length: count }, (_, i) => ids.slice(i * size, (i + 1) * size));
}

/**
 * POST /v1/balance-sync/batch with one client per slice (one autocannon run of one connection each, side
 * by side): every batch carries one movement for each user of its client's slice, in random order, with
 * fresh keys. The users of two batches in flight never overlap, so no batch waits on another's row locks.
 */
export async function slicedBatchLoad(
  service: ServiceProcess,
  tenant: BenchTenant,
  slices: readonly string[][],
  durationS: number,
): Promise<LoadResult> {
  const itemKey = keyMaker('item');
  const batchKey = keyMaker('batch');
  const runs = await Promise.all(
    slices.map((slice) =>
      runHttpLoad({
        baseUrl: service.sandboxUrl,
        path: '/v1/balance-sync/batch',
        apiKey: tenant.apiKey,
        connections: 1,
        durationS,
        itemsPerRequest: slice.length,
        next: () => ({
          idempotencyKey: batchKey(),
          body: JSON.stringify({ items: movementsFor(slice).map((m) => ({ idempotency_key: itemKey(), ...m })) }),
        }),
        refusedItems: countRefusedItems(slice.length),
      }),
    ),
  );
  return mergeLoads(runs);
}
