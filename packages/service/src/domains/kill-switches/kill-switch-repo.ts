import type { Executor } from '../../db/connection.js';
import type { KillSwitchName } from './model/switches.js';

export interface KillSwitchRow {
  name: KillSwitchName;
  paused: boolean;
  updatedAt: Date;
  /** Null when none was given (the API's reason is optional) or the row predates reasons. */
  reason: string | null;
  changedBy: string | null;
}

const COLUMNS = ['name', 'paused', 'updated_at', 'reason', 'changed_by'] as const;

const rowOf = (r: {
  name: KillSwitchName;
  paused: boolean;
  updated_at: Date;
  reason: string | null;
  changed_by: string | null;
}): KillSwitchRow => ({
  name: r.name,
  paused: r.paused,
  updatedAt: r.updated_at,
  reason: r.reason,
  changedBy: r.changed_by,
});

export async function upsertKillSwitch(
  db: Executor,
  change: { name: KillSwitchName; paused: boolean; reason: string | null; changedBy: string },
  now: Date,
): Promise<KillSwitchRow> {
  const values = { paused: change.paused, reason: change.reason, changed_by: change.changedBy, updated_at: now };
  const row = await db
    .insertInto('kill_switches')
    .values({ name: change.name, ...values })
    .onConflict((oc) => oc.column('name').doUpdateSet(values))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return rowOf(row);
}

/** The switches that have been set; a name without a row was never set (and is not paused). */
export async function listSetKillSwitches(db: Executor): Promise<KillSwitchRow[]> {
  return (await db.selectFrom('kill_switches').select(COLUMNS).execute()).map(rowOf);
}
