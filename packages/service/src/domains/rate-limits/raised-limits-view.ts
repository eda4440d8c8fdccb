import type { Db } from '../../db/connection.js';
import type { RaisedLimits } from './model/tiers.js';
import { raisedLimitsOf } from './tenant-limits-repo.js';

/** How stale a process's copy of a tenant's raised limits may be. */
export const RAISED_LIMITS_REFRESH_MS = 500;

export interface RaisedLimitsView {
  of(tenantId: string): Promise<RaisedLimits>;
  /** Forget a tenant's copy (this process just changed it): the next request reads the database. */
  invalidate(tenantId: string): void;
}

/**
 * Each tenant's raised limits, read at most every refreshMs (monotonic time) per process, so a raise
 * reaches every process within that and the process that made it at once. A failed read keeps the
 * last copy (or the spec's limits).
 */
export function raisedLimitsViewOf(db: Db, refreshMs = RAISED_LIMITS_REFRESH_MS): RaisedLimitsView {
  const copies = new Map<string, { limits: RaisedLimits; readAt: number }>();
  const reading = new Map<string, Promise<RaisedLimits>>();
  const read = async (tenantId: string): Promise<RaisedLimits> => {
    try {
      const limits = await raisedLimitsOf(db, tenantId);
      copies.set(tenantId, { limits, readAt: performance.now() });
      return limits;
    } catch {
      return copies.get(tenantId)?.limits ?? {};
    } finally {
      reading.delete(tenantId);
    }
  };
  return {
    of(tenantId) {
      const copy = copies.get(tenantId);
      if (copy && performance.now() - copy.readAt < refreshMs) return Promise.resolve(copy.limits);
      let pending = reading.get(tenantId);
      if (!pending) {
        pending = read(tenantId);
        reading.set(tenantId, pending);
      }
      return pending;
    },
    invalidate: (tenantId) => {
      copies.delete(tenantId);
    },
  };
}
