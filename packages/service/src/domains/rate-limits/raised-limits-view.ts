import type { Db } from '../../db/connection.js';
import { refreshingCache } from '../../lib/refreshing-cache.js';
import type { RaisedLimits } from './model/tiers.js';
import { raisedLimitsOf } from './tenant-limits-repo.js';

/** How stale a process's copy of a tenant's raised limits may be. */
export const RAISED_LIMITS_REFRESH_MS = 500;

export interface RaisedLimitsView {
  of(tenantId: string): Promise<RaisedLimits>;
  /** Forget a tenant's copy (this process just changed it): the next request reads the database. */
  invalidate(tenantId: string): void;
}

/** Each tenant's raised limits: a raise reaches every process within the refresh, this one at once. */
export function raisedLimitsViewOf(db: Db, refreshMs = RAISED_LIMITS_REFRESH_MS): RaisedLimitsView {
  const cache = refreshingCache((tenantId: string) => raisedLimitsOf(db, tenantId), { fallback: {}, refreshMs });
  return { of: (tenantId) => cache.get(tenantId), invalidate: (tenantId) => cache.invalidate(tenantId) };
}
