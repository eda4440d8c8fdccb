import type { Environment } from '../../db/schema.js';
import { ok, type Result } from '../../errors/index.js';
import { pageFrom, readCursor, type Page } from '../../lib/page.js';
import type { Ctx, TenantCtx } from '../context.js';
import { countDiscrepanciesSince, findDiscrepancies, type Discrepancy } from './discrepancy-repo.js';

interface PageInput {
  limit: number;
  cursor?: string;
}

/**
 * GET /v1/reconciliation/discrepancies: the caller's tenant environment's, oldest first, optionally of
 * one user (an unknown user simply has none).
 */
export async function listDiscrepancies(
  ctx: TenantCtx,
  query: PageInput & { externalUserId?: string },
): Promise<Result<Page<Discrepancy>>> {
  const after = readCursor(query.cursor);
  if (!after.ok) return after;
  const rows = await findDiscrepancies(ctx.db, { ...query, scope: ctx.tenantEnv, afterSeq: after.value });
  return ok(pageFrom(rows, query.limit, (d) => d.seq));
}

/** The platform's view: every tenant's, oldest first, optionally of one run, tenant or environment. */
export async function listAllDiscrepancies(
  ctx: Ctx,
  query: PageInput & { reportId?: string; tenantId?: string; environment?: Environment },
): Promise<Result<Page<Discrepancy>>> {
  const after = readCursor(query.cursor);
  if (!after.ok) return after;
  const rows = await findDiscrepancies(ctx.db, { ...query, afterSeq: after.value });
  return ok(pageFrom(rows, query.limit, (d) => d.seq));
}

/** The caller's latest discrepancies, newest first (the tenant portal's list). */
export async function latestDiscrepancies(ctx: TenantCtx, limit: number): Promise<Discrepancy[]> {
  const rows = await findDiscrepancies(ctx.db, { scope: ctx.tenantEnv, afterSeq: null, limit, newestFirst: true });
  return rows.slice(0, limit);
}

/**
 * How long a discrepancy stays on the panel's overview. Nothing marks one resolved (each balance sync is
 * reported once and stays reported), so "unresolved" there means found this recently.
 */
export const RECENT_DISCREPANCY_DAYS = 7;

/** Discrepancies found in the last RECENT_DISCREPANCY_DAYS, per tenant environment: every tenant's or one's. */
export async function recentDiscrepancyCounts(
  ctx: Ctx,
  tenantId?: string,
): Promise<{ tenantId: string; environment: Environment; discrepancies: number }[]> {
  return countDiscrepanciesSince(ctx.db, new Date(ctx.now.getTime() - RECENT_DISCREPANCY_DAYS * 86_400_000), tenantId);
}
