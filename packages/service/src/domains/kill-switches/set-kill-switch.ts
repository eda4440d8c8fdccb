import { ok, rejected, type Result } from '../../errors/index.js';
import type { Ctx } from '../context.js';
import { upsertKillSwitch, type KillSwitchRow } from './kill-switch-repo.js';
import { isKillSwitchName } from './model/switches.js';

/** Pauses or resumes one kill switch (decisions part 5); setting the state it has is harmless. */
export async function setKillSwitch(
  ctx: Ctx,
  input: { name: string; paused: boolean },
): Promise<Result<KillSwitchRow>> {
  if (!isKillSwitchName(input.name)) return rejected('not_found', `No kill switch ${input.name}.`);
  return ok(await upsertKillSwitch(ctx.db, input.name, input.paused, ctx.now));
}
