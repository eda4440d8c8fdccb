/** One recorded attempt of a delivery, as far as its outcome goes. */
export interface AttemptFacts {
  /** False when nothing went out: the environment had no webhook secret, or no URL any more. */
  sent: boolean;
  statusCode: number | null;
  /** Why a sent attempt got no answer (a timeout, a refused connection), or why it was not sent. */
  error: string | null;
}

/**
 * What an attempt came to: delivered (a 2xx), refused (another HTTP status, a 3xx included), no answer
 * (sent, but the exchange failed), or not sent at all. Only the first three are HTTP attempts: a "not
 * sent" one is never a failure of the receiver, nor part of the success rate (docs/operations.md,
 * "The tenant portal").
 */
export type AttemptKind = 'delivered' | 'refused' | 'no_answer' | 'not_sent';

export function attemptKind(attempt: AttemptFacts): AttemptKind {
  if (!attempt.sent) return 'not_sent';
  if (attempt.statusCode === null) return 'no_answer';
  return attempt.statusCode >= 200 && attempt.statusCode <= 299 ? 'delivered' : 'refused';
}

/** Why the worker did not send, as it records it (deliver-due.ts), in words for the operator. */
const NOT_SENT: Record<string, string> = {
  'no webhook secret': 'no webhook secret set',
  'no webhook_url': 'no webhook URL set',
};

/**
 * Why an attempt got no status, in words: the reason it was not sent, or the error of one sent without
 * an answer; null for an attempt answered with a status.
 * @example attemptReason({ sent: false, statusCode: null, error: 'no webhook secret' }) // 'no webhook secret set'
 */
export function attemptReason(attempt: AttemptFacts): string | null {
  switch (attemptKind(attempt)) {
    case 'not_sent':
      return NOT_SENT[attempt.error ?? ''] ?? attempt.error ?? 'no reason recorded';
    case 'no_answer':
      return attempt.error ?? 'the connection failed';
    default:
      return null;
  }
}

/**
 * The attempt's outcome in words: "HTTP 503", "no answer: timeout after 5000 ms", "not sent: no webhook
 * secret set".
 */
export function attemptWords(attempt: AttemptFacts): string {
  const kind = attemptKind(attempt);
  if (kind === 'not_sent') return `not sent: ${attemptReason(attempt)}`;
  if (kind === 'no_answer') return `no answer: ${attemptReason(attempt)}`;
  return `HTTP ${attempt.statusCode}`;
}
