import { envelopeOf, ERROR_CATALOG, type Rejection, type RequestContext } from '../../errors/index.js';
import { assertNever } from '../../lib/assert-never.js';
import type { StoredAnswer } from '../engine/index.js';
import type { Claim } from './model/claim.js';

/**
 * A refusal as the error envelope its catalog code gives, byte for byte what the error handler would
 * send, made without an Error (a round makes many, and an Error's stack was the costliest part).
 */
export function refusalAnswer(rejection: Rejection, request: RequestContext, now: Date): StoredAnswer {
  const error = { code: rejection.code, message: rejection.message, details: rejection.details ?? null };
  const answer: StoredAnswer = {
    status: ERROR_CATALOG[rejection.code].status,
    body: JSON.stringify(envelopeOf(error, request, now)),
    code: rejection.code,
  };
  if (rejection.retryAfterSeconds !== undefined) answer.retryAfter = rejection.retryAfterSeconds;
  return answer;
}

/** The answer for a key that another request holds or held: its replay, 422 reused, or 409 in progress. */
export function claimAnswer(claim: Claim, request: RequestContext, now: Date): StoredAnswer {
  switch (claim.kind) {
    case 'replay':
      return { status: claim.status, body: claim.body, replayed: true };
    case 'reused':
      return refusalAnswer(
        {
          code: 'idempotency_key_reused',
          message: 'This Idempotency-Key was used before with a different body; nothing was applied.',
        },
        request,
        now,
      );
    case 'in_progress':
      return refusalAnswer(
        {
          code: 'idempotency_key_in_progress',
          message:
            'An earlier request with this Idempotency-Key is still being processed; retry with the same key and body.',
          retryAfterSeconds: claim.retryAfterSeconds,
        },
        request,
        now,
      );
    default:
      return assertNever(claim);
  }
}
