import type { Db } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { listDeadLetterRows } from './delivery-repo.js';
import { presentDeadLetter } from './schemas.js';

/** GET /platform/v1/dead-letters: deliveries that ran out of retries, oldest event first. */
export async function listDeadLetters(
  deps: { db: Db },
  query: { tenant_id?: string; environment?: Environment; limit: number; cursor?: string },
) {
  const rows = await listDeadLetterRows(deps.db, {
    tenantId: query.tenant_id,
    environment: query.environment,
    afterSeq: decodeCursor(query.cursor),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  return {
    data: page.map(presentDeadLetter),
    next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!.eventSeq) : null,
  };
}
