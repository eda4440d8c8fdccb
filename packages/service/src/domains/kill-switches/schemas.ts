import { z } from 'zod';
import type { KillSwitchState } from './list-kill-switches.js';
import { KILL_SWITCHES } from './model/switches.js';

export const KillSwitchParams = z.object({ name: z.string().max(64) });

export const SetKillSwitchBody = z.object({ paused: z.boolean() }).strict();

export const KillSwitch = z.object({
  name: z.enum(KILL_SWITCHES),
  paused: z.boolean(),
  updated_at: z.string().nullable().describe('Null for a switch that was never set.'),
});

export const KillSwitchList = z.object({ data: z.array(KillSwitch) });

export const presentKillSwitch = (s: KillSwitchState): z.infer<typeof KillSwitch> => ({
  name: s.name,
  paused: s.paused,
  updated_at: s.updatedAt?.toISOString() ?? null,
});
