import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';

export interface WebSession {
  kind: 'panel' | 'portal';
  who: string;
  /** A portal session's tenant environment; null for the panel's. */
  scope: TenantEnv | null;
  csrfToken: string;
  expiresAt: Date;
}

export async function insertWebSession(db: Executor, tokenHash: Buffer, session: WebSession, now: Date): Promise<void> {
  await db
    .insertInto('web_sessions')
    .values({
      token_hash: tokenHash,
      kind: session.kind,
      who: session.who,
      tenant_id: session.scope?.tenantId ?? null,
      environment: session.scope?.environment ?? null,
      csrf_token: session.csrfToken,
      created_at: now,
      expires_at: session.expiresAt,
    })
    .execute();
}

/**
 * The session of a token hash while it lasts; an expired one is as absent as an unknown one, and so is
 * a portal session of a tenant suspended since it began.
 */
export async function findLiveWebSession(db: Executor, tokenHash: Buffer, now: Date): Promise<WebSession | null> {
  const row = await db
    .selectFrom('web_sessions as s')
    .leftJoin('tenants as t', 't.id', 's.tenant_id')
    .select(['s.kind', 's.who', 's.tenant_id', 's.environment', 's.csrf_token', 's.expires_at', 't.status'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (!row || (row.tenant_id !== null && row.status !== 'active')) return null;
  const scope = row.tenant_id && row.environment ? { tenantId: row.tenant_id, environment: row.environment } : null;
  return { kind: row.kind, who: row.who, scope, csrfToken: row.csrf_token, expiresAt: row.expires_at };
}

/** Ends one session (signed out). */
export async function deleteWebSession(db: Executor, tokenHash: Buffer): Promise<void> {
  await db.deleteFrom('web_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredWebSessions(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('web_sessions').where('expires_at', '<=', now).execute();
}

/** Ends every portal session of a tenant (its suspension). */
export async function deleteTenantWebSessions(db: Executor, tenantId: string): Promise<void> {
  await db.deleteFrom('web_sessions').where('tenant_id', '=', tenantId).execute();
}
