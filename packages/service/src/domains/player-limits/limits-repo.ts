import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { UserLimitsTable } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import { inForce, NO_LIMITS, type PlayerLimits, type StakeLimit } from './model/limits.js';

/** The only SQL of user_limits: a player's limits as the model decided them (migration 0034). */

function limitOf(limit: bigint | null, pendingLimit: bigint | null, pendingAt: Date | null): StakeLimit {
  return { limit, pending: pendingAt ? { limit: pendingLimit, effectiveAt: pendingAt } : null };
}

function limitsOf(r: UserLimitsTable): PlayerLimits {
  return {
    stake_per_day: limitOf(r.stake_per_day_minor, r.pending_per_day_minor, r.pending_per_day_at),
    stake_per_week: limitOf(r.stake_per_week_minor, r.pending_per_week_minor, r.pending_per_week_at),
    stake_per_month: limitOf(r.stake_per_month_minor, r.pending_per_month_minor, r.pending_per_month_at),
    excludedUntil: r.excluded_until,
  };
}

/** The stored limits of each user by id; a user that never set one is absent. */
export async function readLimits(db: Executor, userIds: readonly string[]): Promise<Map<string, PlayerLimits>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await prepared(sql<UserLimitsTable>`
    select * from user_limits where user_id = any(${[...userIds]}::uuid[])`).execute(db);
  return new Map(rows.map((r) => [r.user_id, limitsOf(r)]));
}

/**
 * The limits in force at `now` of every user of the tenant environment that ever set one, by user id (a
 * report reads them once, before it streams the users: a transaction's one connection cannot run a
 * query while a cursor is open on it).
 */
export async function limitsOfEnvironment(
  db: Executor,
  scope: TenantEnv,
  now: Date,
): Promise<Map<string, PlayerLimits>> {
  const rows = await db
    .selectFrom('user_limits')
    .selectAll()
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .execute();
  return new Map(rows.map((r) => [r.user_id, inForce(limitsOf(r), now)]));
}

/** One user's stored limits (none set: no limits). */
export async function readUserLimits(db: Executor, userId: string): Promise<PlayerLimits> {
  return (await readLimits(db, [userId])).get(userId) ?? NO_LIMITS;
}

/** Stores a user's limits as decided (the caller holds the user's row lock). */
export async function writeLimits(
  db: Executor,
  user: { id: string; scope: TenantEnv },
  limits: PlayerLimits,
  now: Date,
): Promise<void> {
  const { stake_per_day: day, stake_per_week: week, stake_per_month: month } = limits;
  const row = {
    user_id: user.id,
    tenant_id: user.scope.tenantId,
    environment: user.scope.environment,
    stake_per_day_minor: day.limit,
    stake_per_week_minor: week.limit,
    stake_per_month_minor: month.limit,
    pending_per_day_minor: day.pending?.limit ?? null,
    pending_per_day_at: day.pending?.effectiveAt ?? null,
    pending_per_week_minor: week.pending?.limit ?? null,
    pending_per_week_at: week.pending?.effectiveAt ?? null,
    pending_per_month_minor: month.pending?.limit ?? null,
    pending_per_month_at: month.pending?.effectiveAt ?? null,
    excluded_until: limits.excludedUntil,
    updated_at: now,
  };
  const { user_id: _id, tenant_id: _tenant, environment: _env, ...changes } = row;
  await db
    .insertInto('user_limits')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}
