import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { findMarketBySlug, updateMarketStatus, type MarketRecord, type MarketStatus } from './market-repo.js';
import { evaluateOrdersSafely } from '../orders/evaluate-orders.js';

export type StatusAction = 'suspend' | 'reopen';

/** The only moves these actions make (spec 3.2); resolve and void are settlement's. */
export const STATUS_MOVES: Record<StatusAction, { from: MarketStatus; to: MarketStatus }> = {
  suspend: { from: 'open', to: 'suspended' },
  reopen: { from: 'suspended', to: 'open' },
};

/**
 * Suspends an open market or reopens a suspended one. Any other starting status is 409 state_conflict
 * (suspending a suspended market too: the answer says the request did not apply); an unknown slug 404.
 */
export async function setMarketStatus(
  deps: { db: Db; clock: Clock },
  slug: string,
  action: StatusAction,
): Promise<MarketRecord> {
  const { from, to } = STATUS_MOVES[action];
  const now = deps.clock.now();
  const market = await deps.db.transaction().execute(async (tx) => {
    if (!(await updateMarketStatus(tx, slug, from, to, now))) return null;
    return (await findMarketBySlug(tx, slug))!;
  });
  // Limit orders are evaluated after the reopen commits, each in its own transaction (as after a trade).
  if (market) return action === 'reopen' ? evaluateOrdersSafely(deps, market.id).then(() => market) : market;
  const current = await findMarketBySlug(deps.db, slug);
  if (!current) throw new ApiError('not_found', `No market ${slug}.`);
  throw new ApiError('state_conflict', `Market ${slug} is ${current.status}; ${action} needs it ${from}.`);
}
