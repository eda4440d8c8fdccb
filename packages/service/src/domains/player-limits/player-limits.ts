import type { Executor } from '../../db/connection.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import { sessionUser, type TenantCtx } from '../context.js';
import { stakedSince } from '../positions/index.js';
import { findUser, lockUser, type UserRow } from '../users/index.js';
import { readUserLimits, writeLimits } from './limits-repo.js';
import {
  changeLimits,
  inForce,
  LIMIT_NAMES,
  limitView,
  stakeUseOf,
  windowStarts,
  windowsToMeasure,
  type LimitsChange,
  type PlayerLimits,
} from './model/limits.js';
import type { LimitsOfUser } from './schemas.js';

/**
 * PUT /v1/users/{external_user_id}/limits: the change the model allows, stored under the user's row lock,
 * the lock every engine round that trades for the user takes, so no round judges a stake against limits
 * that are changing. Naturally idempotent: the same PUT again changes nothing.
 */
export async function setLimits(
  ctx: TenantCtx,
  externalUserId: string,
  change: LimitsChange,
): Promise<Result<LimitsOfUser>> {
  return ctx.db.transaction().execute(async (tx) => {
    const user = await lockUser(tx, ctx.tenantEnv, externalUserId);
    if (!user) return unknownUser(externalUserId);
    const changed = changeLimits(await readUserLimits(tx, user.id), change, ctx.now);
    if (!changed.ok) return rejected(changed.code, changed.message);
    await writeLimits(tx, { id: user.id, scope: ctx.tenantEnv }, changed.limits, ctx.now);
    return ok(await standing(tx, user, changed.limits, ctx.now));
  });
}

/**
 * GET /v1/users/{external_user_id}/limits: with the API key any user of the tenant environment; with a
 * session token only its own user (another user's is not_found, so a session learns nothing of others).
 */
export async function getLimits(ctx: TenantCtx, externalUserId: string): Promise<Result<LimitsOfUser>> {
  const own = sessionUser(ctx);
  if (own !== null && own !== externalUserId) return rejected('not_found', 'A session reads only its own limits.');
  const user = await findUser(ctx.db, ctx.tenantEnv, externalUserId);
  if (!user) return unknownUser(externalUserId);
  return ok(await standing(ctx.db, user, await readUserLimits(ctx.db, user.id), ctx.now));
}

const unknownUser = (externalUserId: string) => rejected('unknown_user', `No user "${externalUserId}" is registered.`);

/** The limits in force with what the player staked in each window and what is left. */
async function standing(db: Executor, user: UserRow, stored: PlayerLimits, now: Date): Promise<LimitsOfUser> {
  const limits = inForce(stored, now);
  const windows = windowsToMeasure([limits]);
  const staked = windows.length > 0 ? (await stakedSince(db, [user.id], windowStarts(now, windows))).get(user.id)! : [];
  const use = stakeUseOf(windows, staked);
  const views = Object.fromEntries(
    LIMIT_NAMES.map((name) => [name, limitView(limits[name], use[name], name)]),
  ) as LimitsOfUser['views'];
  return { externalUserId: user.externalUserId, views, excludedUntil: limits.excludedUntil };
}
