import type { Ctx } from '../context.js';
import { listSetKillSwitches } from './kill-switch-repo.js';
import { KILL_SWITCHES, type KillSwitchName } from './model/switches.js';

export interface KillSwitchState {
  name: KillSwitchName;
  paused: boolean;
  /** Null for a switch that was never set. */
  updatedAt: Date | null;
}

/** All four switches, in the order of decisions part 5. */
export async function listKillSwitches(ctx: Ctx): Promise<KillSwitchState[]> {
  const set = new Map((await listSetKillSwitches(ctx.db)).map((row) => [row.name, row]));
  return KILL_SWITCHES.map((name) => set.get(name) ?? { name, paused: false, updatedAt: null });
}
