import { ApiError, envelopeOf, type RequestContext } from '../../errors/index.js';
import { assertNever } from '../../lib/assert-never.js';
import type { Claim } from './model/claim.js';

/** An answer as it is stored and sent for an idempotent write: status and the exact body bytes. */
export interface StoredAnswer {
  status: number;
  body: string;
  /** Seconds for Retry-After (idempotency_key_in_progress only); never stored. */
  retryAfter?: number;
}

export function answerOfError(error: ApiError, context: RequestContext, now: Date): StoredAnswer {
  const answer: StoredAnswer = { status: error.status, body: JSON.stringify(envelopeOf(error, context, now)) };
  if (error.retryAfter !== null) answer.retryAfter = error.retryAfter;
  return answer;
}

/** The answer for a key that another request holds or held. */
export function answerOfClaim(claim: Claim, context: RequestContext, now: Date): StoredAnswer {
  switch (claim.kind) {
    case 'replay':
      return { status: claim.status, body: claim.body };
    case 'reused':
      return answerOfError(
        new ApiError(
          'idempotency_key_reused',
          'This Idempotency-Key was used before with a different body; nothing was applied.',
        ),
        context,
        now,
      );
    case 'in_progress':
      return answerOfError(
        new ApiError(
          'idempotency_key_in_progress',
          'An earlier request with this Idempotency-Key is still being processed; retry with the same key and body.',
          { retryAfter: claim.retryAfterSeconds },
        ),
        context,
        now,
      );
    default:
      return assertNever(claim);
  }
}
