import type { Executor } from '../../db/connection.js';

export interface WebSession {
  kind: 'panel';
  who: string;
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
      csrf_token: session.csrfToken,
      created_at: now,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The session of a token hash while it lasts; an expired one is as absent as an unknown one. */
export async function findLiveWebSession(db: Executor, tokenHash: Buffer, now: Date): Promise<WebSession | null> {
  const row = await db
    .selectFrom('web_sessions')
    .select(['kind', 'who', 'csrf_token', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row
    ? { kind: row.kind as WebSession['kind'], who: row.who, csrfToken: row.csrf_token, expiresAt: row.expires_at }
    : null;
}

/** Ends one session (signed out). */
export async function deleteWebSession(db: Executor, tokenHash: Buffer): Promise<void> {
  await db.deleteFrom('web_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredWebSessions(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('web_sessions').where('expires_at', '<=', now).execute();
}
