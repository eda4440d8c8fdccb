import { sql, type RawBuilder } from 'kysely';
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

/**
 * Deletes up to `batch` rejections recorded before `cutoff`, oldest first (by the created_at index);
 * SKIP LOCKED so that two processes running the purge do not wait on each other. Returns how many.
 */
export async function deleteRejectionsBefore(db: Executor, cutoff: Date, batch: number): Promise<number> {
  const result = await sql`
    delete from position_rejections where id in (
      select id from position_rejections where created_at < ${cutoff}
      order by created_at limit ${batch} for update skip locked)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The insert of refused attempts, as a part of an engine round's one statement (the round refused them). */
export function insertRejectionsSql(
  attempts: readonly (RejectedAttempt & { scope: TenantEnv })[],
  now: Date,
): RawBuilder<unknown> {
  const column = <T>(pick: (a: RejectedAttempt & { scope: TenantEnv }) => T) => attempts.map(pick);
  return sql`
    insert into position_rejections
      (id, tenant_id, environment, external_user_id, action, position_id, code, request, created_at)
    select r.id, r.tenant_id, r.environment, r.external_user_id, r.action, r.position_id, r.code, r.request, ${now}
    from unnest(${column(() => newId())}::uuid[], ${column((a) => a.scope.tenantId)}::uuid[],
                ${column((a) => a.scope.environment)}::text[], ${column((a) => a.externalUserId)}::text[],
                ${column((a) => a.action)}::text[], ${column((a) => a.positionId)}::uuid[],
                ${column((a) => a.code)}::text[], ${column((a) => JSON.stringify(a.request))}::jsonb[])
      with ordinality as r(id, tenant_id, environment, external_user_id, action, position_id, code, request, n)
    order by r.n`;
}
