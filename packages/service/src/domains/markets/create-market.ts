import { ok, rejected, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { withTransaction, type Ctx } from '../context.js';
import { enableMarket, findMarketBySlug, insertMarket, saveMarketState, type MarketRecord } from './market-repo.js';
import { checkInitialPrices, microsToFractions } from './model/initial-prices.js';
import { initialQ } from './model/lmsr.js';
import { factsProblem } from './model/market-facts.js';
import { DEFAULT_INFLUENCE } from './model/sandbox-influence.js';

export interface NewMarket {
  slug: string;
  title: string;
  /** In display order: outcome i gets ordinal i. */
  outcomeTitles: string[];
  opensAt: Date;
  closesAt: Date;
  maxStakePerPosition: bigint;
  maxOpenStakePerUser: bigint;
  /** The depth b as a positive decimal text, stored exactly. */
  liquidity: string;
  /** One price text per outcome summing to exactly 1; absent: equal prices (q all zero). */
  initialPrices?: string[];
  /** The tenant of a sandbox test market (docs/guides/sandbox.md): created enabled for it, and for nobody else. */
  ownerTenantId?: string;
  /**
   * ε of the sandbox bound (model/sandbox-influence.ts), or null for none. Absent: the default for a shared
   * market; a sandbox test market has none (only its owner's sandbox trades it).
   */
  sandboxInfluence?: string | null;
  /** What resolves the market and how (model/market-facts.ts); absent or null: not given. */
  rules?: string | null;
  /** Where the result comes from, text or an https URL; absent or null: not given. */
  resolutionSource?: string | null;
}

/**
 * Creates an open market with its outcomes and records its first price point (docs/platform-api.md, "Markets"). The
 * route's schema has checked the fields; the rules that decide q are checked again here because they
 * are this verb's to keep. A taken slug is state_conflict.
 */
export async function createMarket(ctx: Ctx, input: NewMarket): Promise<Result<MarketRecord>> {
  const b = Number(input.liquidity);
  if (!(Number.isFinite(b) && b > 0)) return rejected('validation_failed', 'liquidity must be a positive decimal.');
  if (input.closesAt.getTime() <= input.opensAt.getTime()) {
    return rejected('validation_failed', 'closes_at must be after opens_at.');
  }
  let q = input.outcomeTitles.map(() => 0);
  if (input.initialPrices !== undefined) {
    const checked = checkInitialPrices(input.initialPrices, input.outcomeTitles.length);
    if (!checked.ok) return rejected('validation_failed', `initial_prices ${checked.message}.`);
    q = initialQ(microsToFractions(checked.micros), b);
  }
  const facts = { rules: input.rules ?? null, resolutionSource: input.resolutionSource ?? null };
  const problem = factsProblem(facts);
  if (problem !== null) return rejected('validation_failed', problem);
  const id = newId();
  return withTransaction(ctx, async (tx) => {
    const outcomes = input.outcomeTitles.map((title, ordinal) => ({ id: newId(), ordinal, title }));
    const sandboxInfluence =
      input.ownerTenantId !== undefined
        ? null
        : input.sandboxInfluence === undefined
          ? DEFAULT_INFLUENCE
          : input.sandboxInfluence;
    if (!(await insertMarket(tx.db, { ...input, ...facts, id, q, outcomes, sandboxInfluence }, ctx.now))) {
      return rejected('state_conflict', `A market with slug ${input.slug} already exists; slugs are unique.`);
    }
    await saveMarketState(tx.db, id, q, b, ctx.now);
    if (input.ownerTenantId !== undefined) await enableMarket(tx.db, input.ownerTenantId, id, ctx.now);
    return ok((await findMarketBySlug(tx.db, input.slug))!);
  });
}
