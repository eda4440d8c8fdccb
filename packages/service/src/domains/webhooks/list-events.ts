import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { TenantEnv } from '../tenant-env.js';
import { listFeedRows, type FeedPosition } from './feed-repo.js';
import { webhookBody, type WebhookBody } from './model/body.js';

/** Feed cursors are opaque to clients: `e<xact_id>.<seq>`, base64url-encoded. */
export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`e${position.xactId}.${position.seq}`).toString('base64url');
}

export function decodeFeedCursor(cursor: string | undefined): FeedPosition | null {
  if (cursor === undefined) return null;
  const match = /^e(\d{1,20})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new ApiError('validation_failed', 'after is not a cursor this feed gave out.');
  return { xactId: match[1]!, seq: BigInt(match[2]!) };
}

/**
 * GET /v1/events: the tenant environment's events, each the very body its webhook carries, in a
 * stable order. next_cursor is where to continue, also on the last page (a feed is read again later):
 * it is null only while the environment has no event to show at all.
 */
export async function listEvents(
  deps: { db: Db },
  scope: TenantEnv,
  query: { after?: string; limit: number },
): Promise<{ data: WebhookBody[]; next_cursor: string | null }> {
  const after = decodeFeedCursor(query.after);
  const rows = await listFeedRows(deps.db, scope, after, query.limit);
  const last = rows[rows.length - 1];
  return {
    data: rows.map(webhookBody),
    next_cursor: last ? encodeFeedCursor(last.position) : (query.after ?? null),
  };
}
