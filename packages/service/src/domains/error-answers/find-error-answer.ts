import type { Ctx, TenantEnv } from '../context.js';
import {
  selectErrorAnswer,
  selectErrorAnswerCounts,
  selectTenantErrorHours,
  type ErrorAnswerTally,
  type HourTally,
  type StoredErrorAnswer,
} from './error-answer-repo.js';

/**
 * The error answer a request_id names (a ticket or a log quotes it), with its tenant's name; undefined
 * when there is none, it is older than the retention, or it came in a flood beyond what is kept by id.
 */
export async function findErrorAnswer(ctx: Pick<Ctx, 'db'>, requestId: string): Promise<StoredErrorAnswer | undefined> {
  return selectErrorAnswer(ctx.db, requestId);
}

/** Error answers by environment, tenant and code since `since` (whole minutes), most first. */
export async function countErrorAnswersSince(ctx: Pick<Ctx, 'db'>, since: Date): Promise<ErrorAnswerTally[]> {
  return selectErrorAnswerCounts(ctx.db, since);
}

/**
 * One tenant environment's error answers per clock hour (UTC) and code, from the hour `since` falls in on
 * (the panel's tenant page: an hour's error rate against the hour before, docs/operations.md "The platform panel").
 */
export async function errorAnswersByHour(ctx: Pick<Ctx, 'db'>, scope: TenantEnv, since: Date): Promise<HourTally[]> {
  return selectTenantErrorHours(ctx.db, scope, since);
}
