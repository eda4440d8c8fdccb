import { describe, expect, it } from 'vitest';
import { makerBound, marketWideExposure, type TenantOutcomeTotals } from './market-exposure.js';

const row = (
  tenantId: string,
  environment: 'sandbox' | 'live',
  outcomeId: string,
  positions: number,
  stake: bigint,
  payoutIfWins: bigint,
): TenantOutcomeTotals => ({ tenantId, environment, outcomeId, positions, stake, payoutIfWins });

describe('marketWideExposure', () => {
  it('gives each tenant environment its lines, sums them per environment and in all, nets by the stake it sums', () => {
    const rows = [
      row('t1', 'sandbox', 'yes', 2, 3000n, 5727n),
      row('t1', 'sandbox', 'no', 1, 1000n, 2099n),
      row('t2', 'live', 'yes', 1, 500n, 900n),
    ];
    const e = marketWideExposure(['yes', 'no'], rows, 1000);
    expect(e.byTenant).toEqual([
      {
        tenantId: 't1',
        environment: 'sandbox',
        outcomes: [
          { outcomeId: 'yes', positions: 2, stake: 3000n, payoutIfWins: 5727n, netIfWins: 1727n },
          { outcomeId: 'no', positions: 1, stake: 1000n, payoutIfWins: 2099n, netIfWins: -1901n },
        ],
      },
      {
        tenantId: 't2',
        environment: 'live',
        outcomes: [
          { outcomeId: 'yes', positions: 1, stake: 500n, payoutIfWins: 900n, netIfWins: 400n },
          { outcomeId: 'no', positions: 0, stake: 0n, payoutIfWins: 0n, netIfWins: -500n },
        ],
      },
    ]);
    expect(e.totals.all).toEqual([
      { outcomeId: 'yes', positions: 3, stake: 3500n, payoutIfWins: 6627n, netIfWins: 2127n },
      { outcomeId: 'no', positions: 1, stake: 1000n, payoutIfWins: 2099n, netIfWins: -2401n },
    ]);
    // The total's net is the sum of the tenants' nets.
    expect(e.totals.all[0]!.netIfWins).toBe(1727n + 400n);
    expect(e.totals.live.map((l) => l.netIfWins)).toEqual([400n, -500n]);
    expect(e.makerBound).toBe(69315n);
  });

  it('answers zeros without any open position', () => {
    const e = marketWideExposure(['a', 'b', 'c'], [], 50);
    expect(e.byTenant).toEqual([]);
    expect(e.totals.sandbox.every((l) => l.payoutIfWins === 0n && l.netIfWins === 0n)).toBe(true);
    expect(e.makerBound).toBe(makerBound(50, 3));
    expect(e.makerBound).toBe(5493n); // 50·ln 3 = 54.93
  });

  it('bounds the market maker by its lowest starting price when it started uneven', () => {
    expect(makerBound(1000, 2, [500_000n, 500_000n])).toBe(69315n);
    expect(makerBound(50, 3, [333_333n, 333_333n, 333_334n])).toBe(5493n);
    expect(makerBound(1000, 2, [200_000n, 800_000n])).toBe(160944n); // 1000·ln 5
    expect(makerBound(100, 3, [50_000n, 475_000n, 475_000n])).toBe(29957n); // 100·ln 20
    expect(marketWideExposure(['a', 'b'], [], 1000, [200_000n, 800_000n]).makerBound).toBe(160944n);
  });
});
