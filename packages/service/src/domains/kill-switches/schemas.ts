import { z } from 'zod';
import { isPlainText } from '../../lib/text.js';
import type { KillSwitchState, TenantPauses } from './list-kill-switches.js';
import { KILL_SWITCHES, REASON_MAX, TENANT_PAUSES } from './model/switches.js';
import type { TenantPauseRow } from './tenant-pause-repo.js';

export const KillSwitchParams = z.object({ name: z.string().max(64) });

const Reason = z.string().min(1).max(REASON_MAX).refine(isPlainText, 'must not contain control characters');

export const SetKillSwitchBody = z
  .object({
    paused: z.boolean(),
    reason: Reason.optional().describe('Why, for whoever reads the switch later (1 to 500 characters).'),
  })
  .strict();

export const KillSwitch = z.object({
  name: z.enum(KILL_SWITCHES),
  paused: z.boolean(),
  updated_at: z.string().nullable().describe('Null for a switch that was never set.'),
  reason: z.string().nullable().describe('The reason given with the last change; null when none was given.'),
  changed_by: z
    .string()
    .nullable()
    .describe('Who made the last change: the panel\'s signed-in person, or "platform API"; null if never set.'),
});

export const KillSwitchList = z.object({ data: z.array(KillSwitch) });

export const presentKillSwitch = (s: KillSwitchState): z.infer<typeof KillSwitch> => ({
  name: s.name,
  paused: s.paused,
  updated_at: s.updatedAt?.toISOString() ?? null,
  reason: s.reason,
  changed_by: s.changedBy,
});

export const TenantPauseParams = z.object({ tenant_id: z.string().max(64), name: z.string().max(64) });

export const SetTenantPauseBody = z
  .object({
    paused: z.boolean(),
    reason: Reason.optional().describe('Required when pausing (1 to 500 characters); optional when resuming.'),
  })
  .strict();

export const TenantPause = z.object({
  tenant_id: z.uuid(),
  name: z.enum(TENANT_PAUSES),
  paused: z.boolean(),
  reason: z.string().nullable(),
  updated_at: z.string(),
  changed_by: z.string(),
});

export const presentTenantPause = (p: TenantPauseRow): z.infer<typeof TenantPause> => ({
  tenant_id: p.tenantId,
  name: p.name,
  paused: p.paused,
  reason: p.reason,
  updated_at: p.updatedAt.toISOString(),
  changed_by: p.changedBy,
});

/** The pauses a tenant's record shows: the last change of each lever, or null for one never pulled. */
export const TenantPausesSchema = z.object({ sync: TenantPause.nullable(), positions: TenantPause.nullable() });

export const presentTenantPauses = (p: TenantPauses): z.infer<typeof TenantPausesSchema> => ({
  sync: p.sync && presentTenantPause(p.sync),
  positions: p.positions && presentTenantPause(p.positions),
});
