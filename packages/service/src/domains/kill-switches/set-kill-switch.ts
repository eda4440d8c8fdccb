import { ok, rejected, type Result } from '../../errors/index.js';
import type { Ctx } from '../context.js';
import { upsertKillSwitch, type KillSwitchRow } from './kill-switch-repo.js';
import { isKillSwitchName, REASON_MAX, reasonOf } from './model/switches.js';

/**
 * Pauses or resumes one kill switch (docs/operations.md, "Kill switches"); setting the state it has is
 * harmless. The reason is optional here (the API's `{"paused": bool}` stays valid); the panel asks for
 * one before it pauses.
 */
export async function setKillSwitch(
  ctx: Ctx,
  input: { name: string; paused: boolean; reason?: string | null; changedBy: string },
): Promise<Result<KillSwitchRow>> {
  if (!isKillSwitchName(input.name)) return rejected('not_found', `No kill switch ${input.name}.`);
  const reason = reasonOf(input.reason);
  if (reason !== null && reason.length > REASON_MAX) {
    return rejected('validation_failed', `The reason is ${reason.length} characters; keep it to ${REASON_MAX}.`);
  }
  return ok(await upsertKillSwitch(ctx.db, { ...input, name: input.name, reason }, ctx.now));
}
