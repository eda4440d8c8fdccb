import type { Db } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { refreshingCache } from '../../lib/refreshing-cache.js';
import type { TenantEnv } from '../context.js';
import { originsListedIn, originsOfTenant } from './tenant-repo.js';

/** How stale a process's copy of the allowed origins may be. */
export const ORIGINS_REFRESH_MS = 500;

/** The CORS allow-lists (docs/operator-api.md, "CORS (browser calls)") as every browser request asks them. */
export interface AllowedOrigins {
  /** Whether the tenant environment lists the origin. */
  allows(scope: TenantEnv, origin: string): Promise<boolean>;
  /** Whether any tenant of the environment lists it (a preflight carries no credential). */
  listedIn(environment: Environment, origin: string): Promise<boolean>;
  /** Forget what this process knows of a tenant's lists (it just changed them). */
  invalidate(tenantId: string): void;
}

/** Per-process copies, at most ORIGINS_REFRESH_MS old; the process that changes a list sees it at once. */
export function allowedOriginsViewOf(db: Db, refreshMs = ORIGINS_REFRESH_MS): AllowedOrigins {
  const byTenant = refreshingCache(
    async (key: string) => {
      const [tenantId, environment] = key.split('/') as [string, Environment];
      return new Set(await originsOfTenant(db, { tenantId, environment }));
    },
    { fallback: new Set<string>(), refreshMs },
  );
  const byEnvironment = refreshingCache(
    async (environment: Environment) => new Set(await originsListedIn(db, environment)),
    {
      fallback: new Set<string>(),
      refreshMs,
    },
  );
  return {
    allows: async (scope, origin) => (await byTenant.get(`${scope.tenantId}/${scope.environment}`)).has(origin),
    listedIn: async (environment, origin) => (await byEnvironment.get(environment)).has(origin),
    invalidate: (tenantId) => {
      for (const environment of ['sandbox', 'live'] as const) {
        byTenant.invalidate(`${tenantId}/${environment}`);
        byEnvironment.invalidate(environment);
      }
    },
  };
}
