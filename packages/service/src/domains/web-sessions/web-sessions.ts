import { createHash, randomBytes } from 'node:crypto';
import type { Ctx } from '../context.js';
import { forgetOldFormPosts } from './form-posts.js';
import {
  deleteExpiredWebSessions,
  deleteTenantWebSessions,
  deleteWebSession,
  findLiveWebSession,
  insertWebSession,
  type WebSession,
} from './web-session-repo.js';

/** How long a sign-in to the panel or the portal lasts (docs/operations.md). */
export const PANEL_SESSION_MS = 8 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/** Signs a browser in: a new session, and the token its cookie carries (shown to nobody else). */
export async function startWebSession(
  ctx: Ctx,
  input: { kind: WebSession['kind']; who: string; scope?: WebSession['scope'] },
): Promise<{ token: string; session: WebSession }> {
  const token = randomBytes(32).toString('base64url');
  const session: WebSession = {
    kind: input.kind,
    who: input.who,
    scope: input.scope ?? null,
    csrfToken: randomBytes(32).toString('base64url'),
    expiresAt: new Date(ctx.now.getTime() + PANEL_SESSION_MS),
  };
  await insertWebSession(ctx.db, hashOf(token), session, ctx.now);
  await deleteExpiredWebSessions(ctx.db, ctx.now); // so few rows that no job is needed
  await forgetOldFormPosts(ctx);
  return { token, session };
}

/** The session a cookie's token names, or null when it is unknown, expired or signed out. */
export async function findWebSession(ctx: Ctx, token: string): Promise<WebSession | null> {
  return findLiveWebSession(ctx.db, hashOf(token), ctx.now);
}

export async function endWebSession(ctx: Ctx, token: string): Promise<void> {
  await deleteWebSession(ctx.db, hashOf(token));
}

/** Ends every portal session of a tenant: a suspension, after which a reactivation brings none back. */
export async function endTenantWebSessions(ctx: Ctx, tenantId: string): Promise<void> {
  await deleteTenantWebSessions(ctx.db, tenantId);
}
