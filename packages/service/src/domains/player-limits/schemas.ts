import { z } from 'zod';
import { AMOUNT_DESCRIPTION, formatAmount, parseAmount } from '../../lib/money.js';
import { amountText } from '../../lib/amount-text.js';
import { LIMIT_NAMES, type LimitName, type LimitsChange, type LimitView, type PlayerLimits } from './model/limits.js';

const limitField = (window: string) =>
  amountText()
    .nullable()
    .optional()
    .describe(
      `The most the player may stake over ${window}, opens and limit-order fills together. ${AMOUNT_DESCRIPTION} ` +
        '"0.00" allows no stake. null removes the limit. A new or lower limit applies at once; a higher one or a ' +
        'removal 24 hours later. Left out: unchanged.',
    );

export const PutLimitsBody = z
  .object({
    stake_per_day: limitField('the last 24 hours'),
    stake_per_week: limitField('the last 7 days'),
    stake_per_month: limitField('the last 30 days'),
    excluded_until: z.iso
      .datetime()
      .nullable()
      .optional()
      .describe(
        'RFC 3339 UTC with a Z, in the future: a break until then, with no opens and no order placements. ' +
          'It can be extended, not shortened or ended early (409 state_conflict). Left out: unchanged.',
      ),
  })
  // A misspelt field would otherwise answer 200 and set nothing, while the operator believes a limit is set.
  .strict();
export type PutLimitsBody = z.infer<typeof PutLimitsBody>;

/** The change a PUT asks for: only the fields it sent. */
export function limitsChange(body: PutLimitsBody): LimitsChange {
  const change: LimitsChange = {};
  for (const name of LIMIT_NAMES) {
    const text = body[name];
    if (text !== undefined) change[name] = text === null ? null : parseAmount(text)!;
  }
  if (body.excluded_until !== undefined) {
    change.excludedUntil = body.excluded_until === null ? null : new Date(body.excluded_until);
  }
  return change;
}

const StakeLimitView = z
  .object({
    limit: z.string(),
    used: z.string().describe('Staked in the window: opens and limit-order fills; a close gives nothing back.'),
    remaining: z.string().describe('What may still be staked in the window now; never below "0.00".'),
    resets_at: z
      .string()
      .nullable()
      .describe('When the earliest stake still counted leaves the window; null when none is.'),
    pending: z
      .object({
        limit: z.string().nullable().describe('The limit from effective_at on; null: no limit.'),
        effective_at: z.string(),
      })
      .nullable()
      .describe('A raise or a removal waiting its 24 hours.'),
  })
  .nullable();

export const PlayerLimitsView = z.object({
  external_user_id: z.string(),
  stake_per_day: StakeLimitView.describe('Null when no daily limit is in force.'),
  stake_per_week: StakeLimitView,
  stake_per_month: StakeLimitView,
  excluded_until: z.string().nullable().describe("The end of the player's break; null when none is running."),
});
export type PlayerLimitsView = z.infer<typeof PlayerLimitsView>;

export interface LimitsOfUser {
  externalUserId: string;
  views: Record<LimitName, LimitView | null>;
  excludedUntil: Date | null;
}

export function presentLimits(limits: LimitsOfUser): PlayerLimitsView {
  const present = (v: LimitView | null) =>
    v && {
      limit: formatAmount(v.limit),
      used: formatAmount(v.used),
      remaining: formatAmount(v.remaining),
      resets_at: v.resetsAt?.toISOString() ?? null,
      pending: v.pending && {
        limit: v.pending.limit === null ? null : formatAmount(v.pending.limit),
        effective_at: v.pending.effectiveAt.toISOString(),
      },
    };
  return {
    external_user_id: limits.externalUserId,
    stake_per_day: present(limits.views.stake_per_day),
    stake_per_week: present(limits.views.stake_per_week),
    stake_per_month: present(limits.views.stake_per_month),
    excluded_until: limits.excludedUntil?.toISOString() ?? null,
  };
}

/** A report's columns of a user's limits in force: each limit's amount (null: none) and the break's end. */
export const LimitsColumns = z.object({
  stake_per_day: z.string().nullable(),
  stake_per_week: z.string().nullable(),
  stake_per_month: z.string().nullable(),
  excluded_until: z.string().nullable(),
});

export function presentLimitsColumns(limits: PlayerLimits | undefined): z.infer<typeof LimitsColumns> {
  const amount = (l: bigint | null | undefined) => (l === null || l === undefined ? null : formatAmount(l));
  return {
    stake_per_day: amount(limits?.stake_per_day.limit),
    stake_per_week: amount(limits?.stake_per_week.limit),
    stake_per_month: amount(limits?.stake_per_month.limit),
    excluded_until: limits?.excludedUntil?.toISOString() ?? null,
  };
}
