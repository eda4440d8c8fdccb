import { runHttpLoad, type LoadResult } from './http-load.js';
import { keyMaker, randomMovement } from './movements.js';
import type { ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';

/** Closed-loop single balance syncs (POST /v1/balance-sync) on random users, each with a fresh key. */
export function singleSyncLoad(
  service: Pick<ServiceProcess, 'sandboxUrl'>,
  tenant: BenchTenant,
  ids: readonly string[],
  connections: number,
) {
  const key = keyMaker('single');
  return (durationS: number): Promise<LoadResult> =>
    runHttpLoad({
      baseUrl: service.sandboxUrl,
      path: '/v1/balance-sync',
      apiKey: tenant.apiKey,
      connections,
      durationS,
      itemsPerRequest: 1,
      next: () => ({ idempotencyKey: key(), body: JSON.stringify(randomMovement(ids)) }),
    });
}
