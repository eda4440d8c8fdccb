import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { sessionUserRow } from '../users/index.js';
import { displayNameProblem } from './model/display-name.js';
import { upsertProfile, type Profile } from './profile-repo.js';

/**
 * Sets both fields of the session user's profile (a PUT: naturally idempotent, no Idempotency-Key).
 * Being shown needs a name (the leaderboard lists users by it). A name another user of the tenant environment holds, in any case, is state_conflict.
 */
export async function putProfile(ctx: TenantCtx, profile: Profile): Promise<Result<Profile>> {
  const problem =
    profile.displayName === null
      ? profile.showOnLeaderboard
        ? 'is required to be shown on the leaderboard'
        : null
      : displayNameProblem(profile.displayName);
  if (problem !== null) {
    const issue = { location: 'body', path: '/display_name', message: problem };
    return rejected('validation_failed', `Invalid body: display_name ${problem}.`, { issues: [issue] });
  }
  const user = await sessionUserRow(ctx);
  if (!user.ok) return user;
  const saved = await upsertProfile(ctx.db, ctx.tenantEnv, user.value.id, profile, ctx.now);
  if (saved === 'taken') return rejected('state_conflict', `The display name "${profile.displayName}" is taken.`);
  return ok(profile);
}
