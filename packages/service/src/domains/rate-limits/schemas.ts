import { z } from 'zod';
import { LIMITED_TIERS } from './model/tiers.js';
import type { TenantLimits } from './tenant-limits.js';

const PerMinute = z.number().int().min(1).max(1_000_000);

export const SetTenantLimitsBody = z
  .object({ balance_sync: PerMinute.optional(), positions: PerMinute.optional(), default: PerMinute.optional() })
  .strict()
  .describe('Tenant limits per 60 s; only these three tiers can be raised.');

const TierLimits = z.object({ tenant: z.number().int(), end_user: z.number().int().nullable() });

export const TenantLimitsSchema = z.object(
  Object.fromEntries(LIMITED_TIERS.map((tier) => [tier, TierLimits])) as Record<
    (typeof LIMITED_TIERS)[number],
    typeof TierLimits
  >,
);

export const presentTenantLimits = (limits: TenantLimits): z.infer<typeof TenantLimitsSchema> =>
  Object.fromEntries(
    Object.entries(limits).map(([tier, l]) => [tier, { tenant: l.tenant, end_user: l.endUser }]),
  ) as z.infer<typeof TenantLimitsSchema>;
