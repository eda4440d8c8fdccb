import type { Environment } from '../../db/schema.js';
import { ok, type Result } from '../../errors/index.js';
import { MAX_BIGINT, pageFrom, readCursor, type Page } from '../../lib/page.js';
import type { Ctx } from '../context.js';
import { listErrorReportRows, type StoredErrorReport } from './error-report-repo.js';

/** GET /platform/v1/widget-error-reports: the widget's error beacons, newest first. */
export async function listWidgetErrors(
  ctx: Ctx,
  query: { tenantId?: string; environment?: Environment; limit: number; cursor?: string },
): Promise<Result<Page<StoredErrorReport>>> {
  const before = readCursor(query.cursor);
  if (!before.ok) return before;
  const rows = await listErrorReportRows(ctx.db, { ...query, beforeSeq: before.value ?? MAX_BIGINT });
  return ok(pageFrom(rows, query.limit, (row) => row.seq));
}
