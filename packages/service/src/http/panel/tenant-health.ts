import type { Environment } from '../../db/schema.js';
import { ENVIRONMENTS, type Ctx, type TenantEnv } from '../../domains/context.js';
import { errorAnswersByHour } from '../../domains/error-answers/index.js';
import { findMarketsByIds } from '../../domains/markets/index.js';
import { stakeOpenedSince } from '../../domains/positions/index.js';
import { RECENT_DISCREPANCY_DAYS, recentDiscrepancyCounts } from '../../domains/reconciliation/index.js';
import { dayOf, dayUse, dayUseSince, requestCountsSince } from '../../domains/request-log/index.js';
import { deliveryBacklog } from '../../domains/webhooks/index.js';

/** One market's share of the day's stake, named for its link. */
export interface MarketTraded {
  slug: string;
  title: string;
  positions: number;
  stake: bigint;
}

/** One clock hour's error answers against its requests. */
export interface HourErrors {
  start: Date;
  requests: number;
  errors: number;
  /** The hour's error answers by code, most first. */
  codes: { code: string; count: number }[];
}

/** One environment's health, the first thing the panel's tenant page shows (docs/operations.md, "The platform panel"). */
export interface EnvironmentHealth {
  environment: Environment;
  /** Positions opened today (UTC): their stake in minor units, exact. */
  traded: { stake: bigint; positions: number; markets: MarketTraded[] };
  requestsToday: number;
  rateLimitedToday: number;
  thisHour: HourErrors;
  hourBefore: HourErrors;
  webhooks: { pending: number; dead: number; oldestPendingAt: Date | null };
  /** Reconciliation discrepancies found in the last `discrepancyDays` (nothing marks one resolved). */
  discrepancies: number;
}

export interface TenantHealth {
  /** Midnight UTC of the day the figures are of. */
  day: Date;
  now: Date;
  discrepancyDays: number;
  /** Live first, as the overview has them. */
  environments: EnvironmentHealth[];
}

const HOUR_MS = 3_600_000;

/**
 * A tenant's figures, each environment's, read through its domains' public functions: the positions opened
 * today, the request log's hourly counts, the error answers' counts, the webhook backlog and the
 * reconciliation's recent discrepancies. Every figure is this tenant's alone.
 */
export async function tenantHealth(ctx: Ctx, tenantId: string): Promise<TenantHealth> {
  const now = ctx.now;
  const [backlog, discrepancies, ...environments] = await Promise.all([
    deliveryBacklog(ctx, tenantId),
    recentDiscrepancyCounts(ctx, tenantId),
    ...[...ENVIRONMENTS].reverse().map((environment) => environmentFigures(ctx, { tenantId, environment })),
  ]);
  for (const env of environments) {
    const own = (row: { tenantId: string; environment: Environment }) =>
      row.tenantId === tenantId && row.environment === env.environment;
    const waiting = backlog.find(own);
    env.webhooks = {
      pending: waiting?.pending ?? 0,
      dead: waiting?.dead ?? 0,
      oldestPendingAt: waiting?.oldestPendingAt ?? null,
    };
    env.discrepancies = discrepancies.find(own)?.discrepancies ?? 0;
  }
  return { day: dayOf(now), now, discrepancyDays: RECENT_DISCREPANCY_DAYS, environments };
}

async function environmentFigures(ctx: Ctx, scope: TenantEnv): Promise<EnvironmentHealth> {
  const since = dayUseSince(ctx.now);
  const [opened, hours, errors] = await Promise.all([
    stakeOpenedSince(ctx.db, scope, dayOf(ctx.now)),
    requestCountsSince(ctx.db, scope, since),
    errorAnswersByHour(ctx, scope, since),
  ]);
  const markets = await findMarketsByIds(
    ctx.db,
    opened.map((m) => m.marketId),
  );
  const use = dayUse(hours, ctx.now);
  const hourOf = (start: Date, requests: number): HourErrors => {
    const codes = errors.filter((e) => e.hour.getTime() === start.getTime());
    return {
      start,
      requests,
      errors: codes.reduce((sum, c) => sum + c.count, 0),
      codes: codes.map((c) => ({ code: c.code, count: c.count })),
    };
  };
  return {
    environment: scope.environment,
    traded: {
      stake: opened.reduce((sum, m) => sum + m.stake, 0n),
      positions: opened.reduce((sum, m) => sum + m.positions, 0),
      markets: opened.map((m) => ({
        slug: markets.get(m.marketId)?.slug ?? '',
        title: markets.get(m.marketId)?.title ?? 'A removed market',
        positions: m.positions,
        stake: m.stake,
      })),
    },
    requestsToday: use.requestsToday,
    rateLimitedToday: use.rateLimitedToday,
    thisHour: hourOf(use.hour, use.requestsThisHour),
    hourBefore: hourOf(new Date(use.hour.getTime() - HOUR_MS), use.requestsHourBefore),
    webhooks: { pending: 0, dead: 0, oldestPendingAt: null },
    discrepancies: 0,
  };
}
