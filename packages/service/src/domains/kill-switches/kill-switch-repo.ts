import type { Executor } from '../../db/connection.js';
import type { KillSwitchName } from './model/switches.js';

export interface KillSwitchRow {
  name: KillSwitchName;
  paused: boolean;
  updatedAt: Date;
}

export async function upsertKillSwitch(
  db: Executor,
  name: KillSwitchName,
  paused: boolean,
  now: Date,
): Promise<KillSwitchRow> {
  const row = await db
    .insertInto('kill_switches')
    .values({ name, paused, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ paused, updated_at: now }))
    .returning(['name', 'paused', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { name: row.name, paused: row.paused, updatedAt: row.updated_at };
}

/** The switches that have been set; a name without a row was never set (and is not paused). */
export async function listSetKillSwitches(db: Executor): Promise<KillSwitchRow[]> {
  const rows = await db.selectFrom('kill_switches').select(['name', 'paused', 'updated_at']).execute();
  return rows.map((r) => ({ name: r.name, paused: r.paused, updatedAt: r.updated_at }));
}
