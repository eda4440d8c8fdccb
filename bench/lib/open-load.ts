import { runHttpLoad, type LoadResult } from './http-load.js';
import type { BenchMarket } from './markets.js';
import { openBody } from './markets.js';
import { keyMaker } from './movements.js';
import type { ServiceProcess } from './service-process.js';
import type { BenchTenant } from './setup-tenant.js';

/** Closed-loop POST /v1/positions on the market `pick` names for each request, each with a fresh key. */
export function openLoad(
  service: Pick<ServiceProcess, 'sandboxUrl'>,
  tenant: BenchTenant,
  ids: readonly string[],
  connections: number,
) {
  const key = keyMaker('open');
  return (durationS: number, pick: () => BenchMarket): Promise<LoadResult> =>
    runHttpLoad({
      baseUrl: service.sandboxUrl,
      path: '/v1/positions',
      apiKey: tenant.apiKey,
      connections,
      durationS,
      itemsPerRequest: 1,
      next: () => ({ idempotencyKey: key(), body: openBody(pick(), ids) }),
    });
}
