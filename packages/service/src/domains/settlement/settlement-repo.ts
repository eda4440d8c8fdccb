import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import type { EndState } from './model/settlement-plan.js';

export interface SettleablePosition {
  id: string;
  tenantId: string;
  environment: Environment;
  userId: string;
  externalUserId: string;
  outcomeId: string;
  state: 'open' | EndState;
  stake: bigint;
  priceMicro: bigint;
  payout: bigint | null;
  settlementTransactionId: string | null;
}

/** The market's positions in the given states (closed positions are never settled or corrected). */
export async function positionsInStates(
  tx: Executor,
  marketId: string,
  states: string[],
): Promise<SettleablePosition[]> {
  const rows = await tx
    .selectFrom('positions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.tenant_id',
      'p.environment',
      'p.user_id',
      'u.external_user_id',
      'p.outcome_id',
      'p.state',
      'p.stake_minor',
      'p.price_micro',
      'p.payout_minor',
      'p.settlement_transaction_id',
    ])
    .where('p.market_id', '=', marketId)
    .where('p.state', 'in', states as never)
    .orderBy('p.seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    environment: r.environment,
    userId: r.user_id,
    externalUserId: r.external_user_id,
    outcomeId: r.outcome_id,
    state: r.state as SettleablePosition['state'],
    stake: r.stake_minor,
    priceMicro: r.price_micro,
    payout: r.payout_minor,
    settlementTransactionId: r.settlement_transaction_id,
  }));
}

/**
 * Users' balances by id; with lock, the users are locked in id order (the lock order of every multi-user
 * transaction). A preview reads them without.
 */
export async function balancesOf(
  tx: Executor,
  userIds: string[],
  options: { lock: boolean },
): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  const query = tx.selectFrom('users').select(['id', 'balance_minor']).where('id', 'in', userIds).orderBy('id');
  const rows = await (options.lock ? query.forUpdate() : query).execute();
  return new Map(rows.map((r) => [r.id, r.balance_minor]));
}

export interface PositionUpdate {
  id: string;
  state: EndState;
  payout: bigint;
  settlementTransactionId: string | null;
}

/** Moves positions in one statement; settled_at is set once, at the first ending, and kept through corrections. */
export async function updatePositions(tx: Executor, updates: PositionUpdate[], now: Date): Promise<void> {
  if (updates.length === 0) return;
  await sql`
    update positions p
    set state = u.state, payout_minor = u.payout, settlement_transaction_id = u.tx, settled_at = coalesce(p.settled_at, ${now})
    from unnest(${updates.map((u) => u.id)}::uuid[], ${updates.map((u) => u.state)}::text[],
                ${updates.map((u) => u.payout)}::bigint[], ${updates.map((u) => u.settlementTransactionId)}::uuid[])
      as u(id, state, payout, tx)
    where p.id = u.id`.execute(tx);
}

export async function setMarketOutcome(
  tx: Executor,
  marketId: string,
  status: 'resolved' | 'voided',
  resolvedOutcomeId: string | null,
  now: Date,
): Promise<void> {
  // An ended market has no open position, so no sandbox shares held (docs/operator-api.md, "Sandbox influence").
  await tx
    .updateTable('markets')
    .set({
      status,
      resolved_outcome_id: resolvedOutcomeId,
      q_sandbox: sql<string[]>`array_fill(0::numeric, array[cardinality(q_sandbox)])`,
      updated_at: now,
    })
    .where('id', '=', marketId)
    .execute();
}

/** A market that ended takes no more fills: its open orders expire (no event, spec 3.3). */
export async function expireOpenOrders(tx: Executor, marketId: string, now: Date): Promise<void> {
  await tx
    .updateTable('orders')
    .set({ status: 'expired', updated_at: now })
    .where('market_id', '=', marketId)
    .where('status', '=', 'open')
    .execute();
}

/** The tenants with the market enabled: market events go to both environments of each. */
export async function tenantsWithMarket(tx: Executor, marketId: string): Promise<string[]> {
  const rows = await tx.selectFrom('tenant_markets').select('tenant_id').where('market_id', '=', marketId).execute();
  return rows.map((r) => r.tenant_id);
}
