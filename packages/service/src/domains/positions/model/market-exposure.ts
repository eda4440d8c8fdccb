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

/** What every operator and the market maker stand to pay on a market (docs/platform-api.md), amounts in cents. */
export interface MarketWideExposure {
  byTenant: TenantExposure[];
  /** Summed over the tenants of each environment, and over both. */
  totals: Record<Environment | 'all', OutcomeExposure[]>;
  /** The market maker's worst loss on the market (b·ln n from equal starting prices), rounded to the cent. */
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
  startingMicros: readonly bigint[] = [],
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
    makerBound: makerBound(liquidity, outcomeIds.length, startingMicros),
  };
}

/**
 * The most the LMSR market maker can lose on a market, in cents. A market that starts at prices p
 * (q_i = b·ln p_i, so its cost starts at 0) loses at most b·ln(1/p_i) when outcome i wins: b·ln n from
 * equal prices (the LMSR's bound), more from uneven ones. Starting prices are micro-units as
 * the market's first history point records them; without them, or when they are equal to the rounding
 * of a micro-unit, the bound is b·ln n exactly.
 * @example makerBound(1000, 2) // 69315n (693.15)
 * @example makerBound(1000, 2, [200_000n, 800_000n]) // 160944n (1000·ln 5 = 1,609.44)
 */
export function makerBound(liquidity: number, outcomes: number, startingMicros: readonly bigint[] = []): bigint {
  const lowest = startingMicros.reduce<bigint | null>((min, p) => (min === null || p < min ? p : min), null);
  const highest = startingMicros.reduce<bigint | null>((max, p) => (max === null || p > max ? p : max), null);
  const even = lowest === null || highest === null || lowest <= 0n || highest - lowest <= 1n;
  const lnOneOverLowest = even ? Math.log(outcomes) : Math.log(1_000_000 / Number(lowest));
  return BigInt(Math.round(liquidity * lnOneOverLowest * 100));
}
