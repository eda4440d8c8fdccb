import { z } from 'zod';
import { formatAmount } from '../../lib/money.js';
import type { Leaderboard as LeaderboardView } from './get-leaderboard.js';
import { PERIODS } from './model/period.js';

export const LeaderboardQuery = z.object({
  period: z
    .enum(PERIODS)
    .default('week')
    .describe('day, week (from Monday), month or all; 00:00Z starts; default week.'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('1 to 100; default 20.'),
});

const Pnl = z
  .string()
  .describe('Realised profit: payout minus stake of the positions that ended in the period, two decimals, signed.');

export const Leaderboard = z.object({
  period: z.enum(PERIODS),
  from: z.string().nullable().describe('Start of the period (RFC 3339 UTC); null for all.'),
  entries: z.array(
    z.object({
      rank: z.number().int().describe('Ties share a rank: 1, 2, 2, 4.'),
      display_name: z.string(),
      pnl: Pnl,
      positions: z.number().int().describe('Positions that ended in the period.'),
    }),
  ),
  me: z
    .object({ rank: z.number().int(), pnl: Pnl, positions: z.number().int() })
    .nullable()
    .describe(
      "The session's own user, also when not shown (then the rank it would have); null when none of its positions ended in the period.",
    ),
});

export function presentLeaderboard(b: LeaderboardView): z.infer<typeof Leaderboard> {
  return {
    period: b.period,
    from: b.from?.toISOString() ?? null,
    entries: b.entries.map((e) => ({
      rank: e.rank,
      display_name: e.displayName,
      pnl: formatAmount(e.pnl),
      positions: e.positions,
    })),
    me: b.me && { rank: b.me.rank, pnl: formatAmount(b.me.pnl), positions: b.me.positions },
  };
}
