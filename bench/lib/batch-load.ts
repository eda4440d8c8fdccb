import { countRefusedItems, mergeLoads, runHttpLoad, type LoadResult } from './http-load.js';
import { keyMaker, movementsFor, randomUsers } from './movements.js';
import type { ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';

/**
 * POST /v1/balance-sync/batch from `clients` clients side by side (one autocannon run of one connection
 * each): every batch carries one movement for each of `size` distinct users drawn at random from all of
 * `ids`, with fresh keys. Concurrent batches share users by chance, so they meet on each other's row
 * locks as the users of a real operator's batches would.
 */
export async function randomBatchLoad(
  service: ServiceProcess,
  tenant: BenchTenant,
  ids: readonly string[],
  clients: number,
  size: number,
  durationS: number,
): Promise<LoadResult> {
  const itemKey = keyMaker('item');
  const batchKey = keyMaker('batch');
  const runs = await Promise.all(
    Array.from({ length: clients }, () =>
      runHttpLoad({
        baseUrl: service.sandboxUrl,
        path: '/v1/balance-sync/batch',
        apiKey: tenant.apiKey,
        connections: 1,
        durationS,
        itemsPerRequest: size,
        next: () => ({
          idempotencyKey: batchKey(),
          body: JSON.stringify({
            items: movementsFor(randomUsers(ids, size)).map((m) => ({ idempotency_key: itemKey(), ...m })),
          }),
        }),
        refusedItems: countRefusedItems(size),
      }),
    ),
  );
  return mergeLoads(runs);
}
