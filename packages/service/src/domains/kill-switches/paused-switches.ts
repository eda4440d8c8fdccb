import type { Db, Executor } from '../../db/connection.js';
import { refreshingCache } from '../../lib/refreshing-cache.js';
import { listSetKillSwitches } from './kill-switch-repo.js';
import type { KillSwitchName, TenantPauseName } from './model/switches.js';
import { selectPausedAmong, selectPausesInForce } from './tenant-pause-repo.js';

/** How stale a process's view of the switches may be: every process must see a change within a second. */
export const KILL_SWITCH_REFRESH_MS = 500;

/** What is paused now: the global switches, and each paused tenant's pauses. */
export interface PausedNow {
  global: ReadonlySet<KillSwitchName>;
  tenants: ReadonlyMap<string, ReadonlySet<TenantPauseName>>;
}

const NOTHING: PausedNow = { global: new Set(), tenants: new Map() };

/** Which switches are paused, as every request asks it: read from the database at most every refreshMs. */
export interface PausedSwitches {
  paused(): Promise<ReadonlySet<KillSwitchName>>;
  /** The global switches and the tenant pauses, from the same read. */
  pausedNow(): Promise<PausedNow>;
  /** Forget the cached view (this process just set a switch or a pause): the next question reads the database. */
  invalidate(): void;
}

/**
 * One read shared by all requests of a process, at most refreshMs old (lib/refreshing-cache.ts). The
 * tenant pauses in force are few (an incident's handful), so every process holds them all.
 */
export function pausedSwitchesOf(db: Db, refreshMs = KILL_SWITCH_REFRESH_MS): PausedSwitches {
  const read = async (): Promise<PausedNow> => {
    const [switches, pauses] = await Promise.all([listSetKillSwitches(db), selectPausesInForce(db)]);
    const tenants = new Map<string, Set<TenantPauseName>>();
    for (const p of pauses) tenants.set(p.tenantId, new Set([...(tenants.get(p.tenantId) ?? []), p.name]));
    return { global: new Set(switches.filter((r) => r.paused).map((r) => r.name)), tenants };
  };
  const cache = refreshingCache(read, { fallback: NOTHING, refreshMs });
  return {
    paused: async () => (await cache.get(undefined)).global,
    pausedNow: () => cache.get(undefined),
    invalidate: () => cache.invalidate(undefined),
  };
}

/** For work outside a request (a limit order's fill): whether `name` is paused now, read directly. */
export async function isPaused(db: Executor, name: KillSwitchName): Promise<boolean> {
  const row = await db.selectFrom('kill_switches').select('paused').where('name', '=', name).executeTakeFirst();
  return row?.paused ?? false;
}

/** New positions as a round sees them: stopped for everyone by the switch, or for the tenants paused. */
export interface OpeningsPaused {
  all: boolean;
  tenants: ReadonlySet<string>;
}

/** Read in the round's transaction, directly: a fill must not trust a cache a second old. */
export async function openingsPaused(db: Executor, tenantIds: readonly string[]): Promise<OpeningsPaused> {
  // One after the other: a transaction's statements share one connection.
  const all = await isPaused(db, 'positions');
  return { all, tenants: all ? new Set() : await selectPausedAmong(db, 'positions', tenantIds) };
}
