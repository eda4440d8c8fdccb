import { ok, rejected, type Result } from '../../errors/index.js';
import { MAX_BIGINT } from '../../lib/page.js';
import type { TenantCtx } from '../context.js';
import { listFeedRows, type FeedPosition } from './feed-repo.js';
import { webhookBody, type WebhookBody } from './model/body.js';

/** The largest xid8 (an unsigned 64-bit transaction id). */
const MAX_XID8 = 2n ** 64n - 1n;

/** Feed cursors are opaque to clients: `e<xact_id>.<seq>`, base64url-encoded. */
export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`e${position.xactId}.${position.seq}`).toString('base64url');
}

/** The place a feed cursor names; a text this feed did not give out (or past the columns' ranges) is null. */
export function decodeFeedCursor(cursor: string): FeedPosition | null {
  const match = /^e(\d{1,20})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) return null;
  const [xactId, seq] = [BigInt(match[1]!), BigInt(match[2]!)];
  return xactId <= MAX_XID8 && seq <= MAX_BIGINT ? { xactId: xactId.toString(), seq } : null;
}

export interface EventFeedPage {
  events: WebhookBody[];
  /** Where to continue, also after the last page; null only while the environment has no event at all. */
  nextCursor: string | null;
}

/**
 * GET /v1/events: the tenant environment's events, each the very body its webhook carries, in a
 * stable order. A feed is read again later, so the cursor is handed back on the last page too.
 */
export async function listEvents(
  ctx: TenantCtx,
  query: { after?: string; limit: number },
): Promise<Result<EventFeedPage>> {
  const after = query.after === undefined ? null : decodeFeedCursor(query.after);
  if (query.after !== undefined && after === null) {
    return rejected('validation_failed', 'after is not a cursor this feed gave out.');
  }
  const rows = await listFeedRows(ctx.db, ctx.tenantEnv, after, query.limit);
  const last = rows[rows.length - 1];
  return ok({
    events: rows.map(webhookBody),
    nextCursor: last ? encodeFeedCursor(last.position) : (query.after ?? null),
  });
}
