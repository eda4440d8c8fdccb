import type { Environment } from '../../../db/schema.js';
import { exposureOf, type OutcomeExposure, type OutcomeOpenTotals } from './exposure.js';

/** One tenant environment's open totals on one outcome, as the positions repo sums them over all tenants. */
export interface TenantOutcomeTotals extends OutcomeOpenTotals {
  tenantId: string;
  environment: Environment;
}

/** One tenant environment's exposure on a market: a line per outcome, as GET /v1/markets/{slug}/exposure answers it. */
export interface TenantExposure {
  tenantId: string;
  environment: Environment;
  outcomes: OutcomeExposure[];
}

/** What every operator and the market maker stand to pay on a market (decisions part 10), amounts in cents. */
export interface MarketWideExposure {
  byTenant: TenantExposure[];
  /** Summed over the tenants of each environment, and over both. */
  totals: Record<Environment | 'all', OutcomeExposure[]>;
  /** The market maker's worst loss on the market, b·ln n, rounded to the cent. */
  makerBound: bigint;
}

/**
 * The exposure of every tenant environment with open positions on the market, their sums, and the
 * market maker's bound. A sum's net is its payout minus the open stake it sums, so it equals the sum of
 * the tenants' nets.
 * @example marketWideExposure(['a', 'b'], [], 100).makerBound // 6931n (b·ln 2 = 69.31)
 */
export function marketWideExposure(
  outcomeIds: readonly string[],
  rows: readonly TenantOutcomeTotals[],
  liquidity: number,
): MarketWideExposure {
  const groups = new Map<string, TenantOutcomeTotals[]>();
  for (const row of rows) {
    const key = `${row.tenantId}/${row.environment}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const byTenant = [...groups.values()].map((group) => ({
    tenantId: group[0]!.tenantId,
    environment: group[0]!.environment,
    outcomes: exposureOf(
      outcomeIds,
      group.map(({ outcomeId, positions, stake, payoutIfWins }) => ({ outcomeId, positions, stake, payoutIfWins })),
    ),
  }));
  const summed = (keep: (row: TenantOutcomeTotals) => boolean) =>
    exposureOf(
      outcomeIds,
      outcomeIds.map((outcomeId) => {
        const of = rows.filter((r) => r.outcomeId === outcomeId && keep(r));
        return {
          outcomeId,
          positions: of.reduce((n, r) => n + r.positions, 0),
          stake: of.reduce((n, r) => n + r.stake, 0n),
          payoutIfWins: of.reduce((n, r) => n + r.payoutIfWins, 0n),
        };
      }),
    );
  return {
    byTenant,
    totals: {
      sandbox: summed((r) => r.environment === 'sandbox'),
      live: summed((r) => r.environment === 'live'),
      all: summed(() => true),
    },
    makerBound: makerBound(liquidity, outcomeIds.length),
  };
}

/**
 * The most the LMSR market maker can lose on a market that started at equal prices: b·ln n, in cents.
 * @example makerBound(1000, 2) // 69315n (693.15)
 */
export function makerBound(liquidity: number, outcomes: number): bigint {
  return BigInt(Math.round(liquidity * Math.log(outcomes) * 100));
}
