import { sql } from 'kysely';
import type { Executor } from '../../../db/connection.js';
import type { TenantEnv } from '../../context.js';
import type { LockedUser } from '../../ledger/index.js';

/** A user as a batch trades it: locked, with what it has open on the batch's market (the per-user cap). */
export interface Trader extends LockedUser {
  scope: TenantEnv;
  openStake: bigint;
}

/** The map key of a user in a batch: users of different tenant environments may share an external id. */
export const traderKey = (scope: TenantEnv, externalUserId: string) =>
  `${scope.tenantId}/${scope.environment}/${externalUserId}`;

/**
 * Locks users of any tenant environments in id order (so overlapping batches never deadlock) and reads
 * their open stake on the market, in one statement. Unregistered users are absent. With skipLocked, a
 * user another transaction holds is left out rather than waited for: the batch locked its traders
 * already, and a second wait could close a cycle with another batch (used for limit-order fills).
 */
export async function lockTraders(
  tx: Executor,
  marketId: string,
  users: readonly { scope: TenantEnv; externalUserId: string }[],
  options: { skipLocked?: boolean } = {},
): Promise<Map<string, Trader>> {
  if (users.length === 0) return new Map();
  const rows = await sql<{
    id: string;
    tenant_id: string;
    environment: TenantEnv['environment'];
    external_user_id: string;
    status: 'active' | 'blocked';
    balance_minor: bigint;
    open_stake: bigint;
  }>`
    select u.id, u.tenant_id, u.environment, u.external_user_id, u.status, u.balance_minor,
           (select coalesce(sum(p.stake_minor), 0) from positions p
             where p.user_id = u.id and p.market_id = ${marketId} and p.state = 'open')::bigint as open_stake
    from users u
    where (u.tenant_id, u.environment, u.external_user_id) in (
      select * from unnest(${users.map((u) => u.scope.tenantId)}::uuid[], ${users.map((u) => u.scope.environment)}::text[],
                           ${users.map((u) => u.externalUserId)}::text[]))
    order by u.id
    for update of u ${options.skipLocked ? sql`skip locked` : sql``}`.execute(tx);
  return new Map(
    rows.rows.map((r) => {
      const scope = { tenantId: r.tenant_id, environment: r.environment };
      const trader = {
        scope,
        id: r.id,
        externalUserId: r.external_user_id,
        status: r.status,
        balance: r.balance_minor,
        openStake: r.open_stake,
      };
      return [traderKey(scope, r.external_user_id), trader];
    }),
  );
}
