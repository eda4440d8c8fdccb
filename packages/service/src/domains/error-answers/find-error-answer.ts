import type { Ctx } from '../context.js';
import {
  selectErrorAnswer,
  selectErrorAnswerCounts,
  type ErrorAnswerTally,
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
