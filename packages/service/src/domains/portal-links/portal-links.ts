import { createHash, randomBytes } from 'node:crypto';
import { ok, rejected, type Result } from '../../errors/index.js';
import { audited } from '../audit/index.js';
import { withTransaction, type Ctx, type TenantEnv } from '../context.js';
import { startWebSession, type WebSession } from '../web-sessions/index.js';
import { isUuid } from '../../lib/ids.js';
import { insertPortalLink, spendTenantLinks, tenantStatusOf, usePortalLinkRow } from './portal-link-repo.js';

/** How long a sign-in link works (docs/operations.md, "The tenant portal"): 30 minutes, once. */
export const PORTAL_LINK_MS = 30 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * A one-time sign-in link to a tenant environment's portal: a random token, of which only the hash is
 * kept. The caller makes the URL; the token is in it and nowhere else.
 */
export async function issuePortalLink(ctx: Ctx, scope: TenantEnv): Promise<Result<{ token: string; expiresAt: Date }>> {
  const status = isUuid(scope.tenantId) ? await tenantStatusOf(ctx.db, scope.tenantId) : null;
  if (status === null) return rejected('not_found', `No tenant ${scope.tenantId}.`);
  if (status !== 'active') {
    return rejected('state_conflict', 'The tenant is suspended; reactivate it before inviting its staff.');
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now.getTime() + PORTAL_LINK_MS);
  await insertPortalLink(ctx.db, hashOf(token), scope, ctx.now, expiresAt);
  return ok({ token, expiresAt });
}

/**
 * Uses a link once, on the listener of its environment: its tenant environment, or null when it is unknown,
 * used, expired, of the other environment, or its tenant is suspended.
 */
export async function usePortalLink(
  ctx: Ctx,
  token: string,
  environment: TenantEnv['environment'],
): Promise<TenantEnv | null> {
  if (token.length > 100) return null;
  return usePortalLinkRow(ctx.db, hashOf(token), environment, ctx.now);
}

/**
 * Signs a tenant's staff member in with a link: the link is used, the session begins
 * and the audit log records it, in one transaction. Null when the link cannot be used; a failure is not
 * recorded (a link is 32 random bytes: a failure is a stale link, not a guess worth keeping).
 */
export async function signInWithPortalLink(
  ctx: Ctx,
  input: { token: string; environment: TenantEnv['environment']; name: string },
): Promise<{ token: string; session: WebSession } | null> {
  return withTransaction(ctx, async (tx) => {
    const scope = await usePortalLink(tx, input.token, input.environment);
    if (!scope) return null;
    const who = `portal:${input.name} (${scope.tenantId}/${scope.environment})`;
    const entry = { who, action: 'portal.sign_in', target: scope.tenantId, details: { name: input.name }, ...scope };
    const started = await audited(tx, entry, async (t) =>
      ok(await startWebSession(t, { kind: 'portal', who: input.name, scope })),
    );
    return started.ok ? started.value : null;
  });
}

/** A suspension's end of the tenant's portal access: its unused links are spent (sessions: web-sessions). */
export async function spendPortalLinks(ctx: Ctx, tenantId: string): Promise<void> {
  await spendTenantLinks(ctx.db, tenantId, ctx.now);
}
