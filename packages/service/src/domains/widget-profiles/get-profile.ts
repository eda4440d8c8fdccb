import { ok, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { sessionUserRow } from '../users/index.js';
import { DEFAULT_PROFILE, findProfile, type Profile } from './profile-repo.js';

/** The session user's profile; the defaults (no name, not shown) until one is set. */
export async function getProfile(ctx: TenantCtx): Promise<Result<Profile>> {
  const user = await sessionUserRow(ctx);
  if (!user.ok) return user;
  return ok((await findProfile(ctx.db, user.value.id)) ?? DEFAULT_PROFILE);
}
