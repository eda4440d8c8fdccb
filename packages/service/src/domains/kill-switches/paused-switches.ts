import type { Db, Executor } from '../../db/connection.js';
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

/**
 * One read shared by all requests of a process, refreshed lazily on real (monotonic) time, not the
 * service clock: it bounds propagation between processes. A failed read keeps the last view, so a
 * database hiccup neither pauses nor unpauses anything.
 */
export function pausedSwitchesOf(db: Db, refreshMs = KILL_SWITCH_REFRESH_MS): PausedSwitches {
  let view: ReadonlySet<KillSwitchName> = new Set();
  let readAt = -Infinity;
  let reading: Promise<ReadonlySet<KillSwitchName>> | null = null;
  const read = async () => {
    try {
      const rows = await listSetKillSwitches(db);
      view = new Set(rows.filter((r) => r.paused).map((r) => r.name));
      readAt = performance.now();
    } catch {
      // keep the last view; the next request tries again
    } finally {
      reading = null;
    }
    return view;
  };
  return {
    paused: () => (performance.now() - readAt < refreshMs ? Promise.resolve(view) : (reading ??= read())),
    invalidate: () => {
      readAt = -Infinity;
    },
  };
}

/** For work outside a request (a limit order's fill): whether `name` is paused now, read directly. */
export async function isPaused(db: Executor, name: KillSwitchName): Promise<boolean> {
  const row = await db.selectFrom('kill_switches').select('paused').where('name', '=', name).executeTakeFirst();
  return row?.paused ?? false;
}
