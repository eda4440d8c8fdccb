import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';
import type { HourCount } from './model/counts.js';

/** Adds to the hours' counts in one statement: all or none, so a failed write can be put back whole. */
export async function addRequestCounts(db: Executor, counts: readonly HourCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insertInto('request_counts')
    .values(
      counts.map((c) => ({
        hour: c.hour,
        tenant_id: c.tenantId,
        environment: c.environment,
        tier: c.tier,
        requests: BigInt(c.requests),
        rate_limited: BigInt(c.rateLimited),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'environment', 'hour', 'tier']).doUpdateSet({
        requests: sql`request_counts.requests + excluded.requests`,
        rate_limited: sql`request_counts.rate_limited + excluded.rate_limited`,
      }),
    )
    .execute();
}

/** A tenant environment's hours from `since` on. */
export async function requestCountsSince(db: Executor, scope: TenantEnv, since: Date): Promise<HourCount[]> {
  const rows = await db
    .selectFrom('request_counts')
    .selectAll()
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .where('hour', '>=', since)
    .execute();
  return rows.map((r) => ({
    hour: r.hour,
    tenantId: r.tenant_id,
    environment: r.environment,
    tier: r.tier,
    requests: Number(r.requests),
    rateLimited: Number(r.rate_limited),
  }));
}

/** Deletes the hours before `cutoff` (a few rows an hour per tenant environment: one statement). */
export async function deleteRequestCountsBefore(db: Executor, cutoff: Date): Promise<void> {
  await db.deleteFrom('request_counts').where('hour', '<', cutoff).execute();
}
