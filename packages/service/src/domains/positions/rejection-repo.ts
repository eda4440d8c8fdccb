import type { Executor } from '../../db/connection.js';
import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../context.js';

export interface RejectedAttempt {
  externalUserId: string;
  action: 'open' | 'close';
  positionId: string | null;
  code: string;
  request: Record<string, unknown>;
}

/** Written after the attempt's transaction rolled back, so the record survives the rejection. */
export async function recordRejection(
  db: Executor,
  scope: TenantEnv,
  attempt: RejectedAttempt,
  now: Date,
): Promise<void> {
  await db
    .insertInto('position_rejections')
    .values({
      id: newId(),
      tenant_id: scope.tenantId,
      environment: scope.environment,
      external_user_id: attempt.externalUserId,
      action: attempt.action,
      position_id: attempt.positionId,
      code: attempt.code,
      request: JSON.stringify(attempt.request),
      created_at: now,
    })
    .execute();
}

export type RejectionRow = Awaited<ReturnType<typeof listRejectionRows>>[number];

/** Rejected attempts of a tenant environment after afterSeq, oldest first, limit + 1 rows (the caller pages). */
export async function listRejectionRows(
  db: Executor,
  scope: TenantEnv,
  f: { externalUserId?: string; afterSeq: bigint | null; limit: number },
) {
  let query = db
    .selectFrom('position_rejections')
    .selectAll()
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment);
  if (f.externalUserId !== undefined) query = query.where('external_user_id', '=', f.externalUserId);
  if (f.afterSeq !== null) query = query.where('seq', '>', f.afterSeq);
  return query
    .orderBy('seq')
    .limit(f.limit + 1)
    .execute();
}
