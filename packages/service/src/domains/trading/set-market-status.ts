import { ok, rejected, type Result } from '../../errors/index.js';
import { withTransaction, type Ctx } from '../context.js';
import {
  findMarketBySlug,
  saveStatusChange,
  updateMarketStatus,
  type MarketRecord,
  type MarketStatus,
} from '../markets/index.js';
import { evaluateOrders } from '../orders/index.js';

export type StatusAction = 'suspend' | 'reopen';

/** The only moves these actions make (docs/platform-api.md, "Markets"); resolve and void are settlement's. */
export const STATUS_MOVES: Record<StatusAction, { from: MarketStatus; to: MarketStatus }> = {
  suspend: { from: 'open', to: 'suspended' },
  reopen: { from: 'suspended', to: 'open' },
};

/**
 * Suspends an open market or reopens a suspended one. Any other starting status is state_conflict
 * (suspending a suspended market too: the answer says the request did not apply); an unknown slug
 * not_found. The conditional update waits for a trade in progress on the market (it holds the row).
 * The change, who made it and its reason are kept with the market in the same transaction (the
 * panel shows why a market is suspended: docs/operations.md, "The platform panel").
 * After a reopen commits, the market's limit orders are evaluated, each in its own transaction.
 */
export async function setMarketStatus(
  ctx: Ctx,
  input: { slug: string; action: StatusAction; reason: string | null; changedBy: string },
): Promise<Result<MarketRecord>> {
  const { slug, action } = input;
  const { from, to } = STATUS_MOVES[action];
  const market = await withTransaction(ctx, async (tx) => {
    const id = await updateMarketStatus(tx.db, slug, from, to, ctx.now);
    if (!id) return null;
    await saveStatusChange(tx.db, id, { action, reason: input.reason, changedBy: input.changedBy, changedAt: ctx.now });
    if (action === 'reopen') tx.afterCommit((after) => evaluateOrders(after, { id, slug }));
    return (await findMarketBySlug(tx.db, slug))!;
  });
  if (market) return ok(market);
  const current = await findMarketBySlug(ctx.db, slug);
  if (!current) return rejected('not_found', `No market ${slug}.`);
  return rejected('state_conflict', `Market ${slug} is ${current.status}; ${action} needs it ${from}.`);
}
