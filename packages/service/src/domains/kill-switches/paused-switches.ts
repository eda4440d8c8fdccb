import type { Db, Executor } from '../../db/connection.js';
import { refreshingCache } from '../../lib/refreshing-cache.js';
import { listSetKillSwitches } from './kill-switch-repo.js';
import type { KillSwitchName } from './model/switches.js';

/** How stale a process's view of the switches may be: decisions part 5 asks for one second. */
export const KILL_SWITCH_REFRESH_MS = 500;

/** Which switches are paused, as every request asks it: read from the database at most every refreshMs. */
export interface PausedSwitches {
  paused(): Promise<ReadonlySet<KillSwitchName>>;
  /** Forget the cached view (this process just set a switch): the next question reads the database. */
  invalidate(): void;
}

/** One read shared by all requests of a process, at most refreshMs old (lib/refreshing-cache.ts). */
export function pausedSwitchesOf(db: Db, refreshMs = KILL_SWITCH_REFRESH_MS): PausedSwitches {
  const read = async (): Promise<ReadonlySet<KillSwitchName>> =>
    new Set((await listSetKillSwitches(db)).filter((r) => r.paused).map((r) => r.name));
  const cache = refreshingCache(read, { fallback: new Set<KillSwitchName>(), refreshMs });
  return { paused: () => cache.get(undefined), invalidate: () => cache.invalidate(undefined) };
}

/** For work outside a request (a limit order's fill): whether `name` is paused now, read directly. */
export async function isPaused(db: Executor, name: KillSwitchName): Promise<boolean> {
  const row = await db.selectFrom('kill_switches').select('paused').where('name', '=', name).executeTakeFirst();
  return row?.paused ?? false;
}
