import { ok, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { sessionUserRow } from '../users/index.js';
import { deleteProfile } from './profile-repo.js';

/** Back to the defaults: the name is freed and the user leaves the leaderboard. */
export async function resetProfile(ctx: TenantCtx): Promise<Result<void>> {
  const user = await sessionUserRow(ctx);
  if (!user.ok) return user;
  await deleteProfile(ctx.db, user.value.id);
  return ok(undefined);
}
