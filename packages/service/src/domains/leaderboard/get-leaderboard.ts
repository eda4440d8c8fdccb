import { ok, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { sessionUserRow } from '../users/index.js';
import { readLeaderboard, type LeaderboardEntry, type Standing } from './leaderboard-repo.js';
import { periodStart, type Period } from './model/period.js';
import { ALL_TIME_START } from './model/pnl.js';

export interface Leaderboard {
  period: Period;
  from: Date | null;
  entries: LeaderboardEntry[];
  me: Standing | null;
}

/**
 * Realised profit of the period (payout minus stake of positions that closed, settled or were voided
 * in it) of the users of the session's tenant environment who chose to be shown, with the session
 * user's own standing.
 */
export async function getLeaderboard(
  ctx: TenantCtx,
  q: { period: Period; limit: number },
): Promise<Result<Leaderboard>> {
  const user = await sessionUserRow(ctx);
  if (!user.ok) return user;
  const from = periodStart(q.period, ctx.now);
  const board = await readLeaderboard(ctx.db, ctx.tenantEnv, {
    period: q.period,
    startsAt: from ?? ALL_TIME_START,
    limit: q.limit,
    userId: user.value.id,
  });
  return ok({ period: q.period, from, ...board });
}
