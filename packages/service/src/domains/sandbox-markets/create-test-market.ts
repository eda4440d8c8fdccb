import { randomBytes } from 'node:crypto';
import { ok, rejected, type Result } from '../../errors/index.js';
import { withTransaction, type TenantCtx } from '../context.js';
import { createMarket, type MarketRecord } from '../markets/index.js';
import {
  DEFAULT_TEST_LIQUIDITY,
  MAX_TEST_MARKETS,
  TEST_MARKET_LIFETIME_MS,
  TEST_MAX_OPEN_STAKE_PER_USER,
  TEST_MAX_STAKE_PER_POSITION,
  testMarketSlug,
} from './model/test-market.js';
import { lockAndCountTestMarkets } from './test-market-repo.js';
import { sandboxOnly } from './sandbox-only.js';

export interface NewTestMarket {
  title: string;
  outcomeTitles: string[];
  liquidity?: string;
}

/**
 * Creates a sandbox test market (docs/guides/sandbox.md) through the platform's own market creation: open
 * from now for 90 days, equal prices, its own market maker state, owned by and enabled for the caller's
 * tenant only. The 51st of a tenant is state_conflict.
 */
export async function createTestMarket(ctx: TenantCtx, input: NewTestMarket): Promise<Result<MarketRecord>> {
  const allowed = sandboxOnly(ctx);
  if (!allowed.ok) return allowed;
  const { tenantId } = ctx.tenantEnv;
  return withTransaction(ctx, async (tx) => {
    if ((await lockAndCountTestMarkets(tx.db, tenantId)) >= MAX_TEST_MARKETS) {
      return rejected(
        'state_conflict',
        `This tenant has ${MAX_TEST_MARKETS} sandbox test markets, the most it may have.`,
      );
    }
    const created = await createMarket(tx, {
      slug: testMarketSlug(input.title, randomBytes(5).toString('hex')),
      title: input.title,
      outcomeTitles: input.outcomeTitles,
      opensAt: ctx.now,
      closesAt: new Date(ctx.now.getTime() + TEST_MARKET_LIFETIME_MS),
      maxStakePerPosition: TEST_MAX_STAKE_PER_POSITION,
      maxOpenStakePerUser: TEST_MAX_OPEN_STAKE_PER_USER,
      liquidity: input.liquidity ?? DEFAULT_TEST_LIQUIDITY,
      ownerTenantId: tenantId,
    });
    return created.ok ? ok(created.value) : created;
  });
}
