import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { getUser } from '../users/index.js';
import { SESSION_CAP_MS, type SessionClaims } from './model/session.js';

/**
 * Starts a widget session for a registered user of the caller's environment (unknown_user otherwise).
 * A blocked user still gets one: it can read, and the trading routes refuse its writes. The 24-hour cap
 * starts here and every refresh carries it on, as it carries a short sandbox session's ttl. Nothing is stored, so starting one is as safe to repeat as
 * a read; the HTTP layer signs the claims into a token.
 */
export async function startSession(
  ctx: TenantCtx,
  input: { externalUserId: string; ttlSeconds?: number },
): Promise<Result<SessionClaims>> {
  const { tenantId, environment } = ctx.tenantEnv;
  // Short sessions are a sandbox tool (docs/guides/sandbox.md): live tokens always live 15 minutes.
  if (input.ttlSeconds !== undefined && environment !== 'sandbox') {
    return rejected('validation_failed', 'ttl_seconds is accepted in the sandbox only.');
  }
  const user = await getUser(ctx, input.externalUserId);
  if (!user.ok) return user;
  return ok({
    tenantId,
    environment,
    externalUserId: input.externalUserId,
    capAt: new Date(ctx.now.getTime() + SESSION_CAP_MS),
    ...(input.ttlSeconds === undefined ? {} : { ttlSeconds: input.ttlSeconds }),
  });
}
