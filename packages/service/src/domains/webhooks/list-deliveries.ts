import { ok, type Result } from '../../errors/index.js';
import { encodeCursor, readCursor, type Page } from '../../lib/page.js';
import type { Ctx, TenantEnv } from '../context.js';
import { selectDeliveryRows, type DeliveryRow } from './delivery-list-repo.js';
import type { DeliveryFilter } from './model/delivery-filter.js';

/**
 * The tenant portal's webhooks screen (docs/operations.md, "The tenant portal"): a tenant environment's
 * deliveries a filter matches, newest event first, a page at a time by keyset on the event's position,
 * so new deliveries between pages never repeat or skip a row. `cursor` continues after a page;
 * validation_failed for one this list did not give out.
 */
export async function listDeliveries(
  ctx: Ctx,
  scope: TenantEnv,
  query: { filter: DeliveryFilter; cursor?: string; limit: number },
): Promise<Result<Page<DeliveryRow>>> {
  const before = readCursor(query.cursor);
  if (!before.ok) return before;
  const rows = await selectDeliveryRows(ctx.db, scope, {
    filter: query.filter,
    beforeSeq: before.value,
    limit: query.limit,
  });
  const items = rows.slice(0, query.limit);
  return ok({ items, nextCursor: rows.length > query.limit ? encodeCursor(items.at(-1)!.eventSeq) : null });
}
