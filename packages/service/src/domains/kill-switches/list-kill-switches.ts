import type { Ctx } from '../context.js';
import { listSetKillSwitches } from './kill-switch-repo.js';
import { KILL_SWITCHES, TENANT_PAUSES, type KillSwitchName, type TenantPauseName } from './model/switches.js';
import { selectPausesInForce, selectTenantPauses, type TenantPauseRow } from './tenant-pause-repo.js';

export interface KillSwitchState {
  name: KillSwitchName;
  paused: boolean;
  /** Null for a switch that was never set. */
  updatedAt: Date | null;
  reason: string | null;
  changedBy: string | null;
}

/** All four switches, in the order the platform API lists them (docs/operations.md, "Kill switches"). */
export async function listKillSwitches(ctx: Ctx): Promise<KillSwitchState[]> {
  const set = new Map((await listSetKillSwitches(ctx.db)).map((row) => [row.name, row]));
  return KILL_SWITCHES.map(
    (name) => set.get(name) ?? { name, paused: false, updatedAt: null, reason: null, changedBy: null },
  );
}

/** One tenant's pauses by name: the last change of each, or null for one never set. */
export type TenantPauses = Record<TenantPauseName, TenantPauseRow | null>;

export async function tenantPausesOf(ctx: Ctx, tenantId: string): Promise<TenantPauses> {
  const rows = new Map((await selectTenantPauses(ctx.db, tenantId)).map((r) => [r.name, r]));
  return Object.fromEntries(TENANT_PAUSES.map((name) => [name, rows.get(name) ?? null])) as TenantPauses;
}

/** Every tenant pause in force, by tenant name (the panel's overview). */
export async function listPausedTenants(ctx: Ctx): Promise<(TenantPauseRow & { tenantName: string })[]> {
  return selectPausesInForce(ctx.db);
}
