import { describe, expect, it } from 'vitest';
import { WINDOW_S } from '../../service/src/domains/rate-limits/model/window.js';
import { DEFAULT_RETRY, nextWait } from '../src/retries.js';

/** The retry rules (docs/sdk.md, "The SDK") as the SDK applies them, answer by answer. */
const answer = (status: number, code: string | null, retryAfter?: string) => ({
  response: new Response(null, { status, headers: retryAfter ? { 'retry-after': retryAfter } : {} }),
  code,
});
const policy = { ...DEFAULT_RETRY, baseDelayMs: 400 };

describe('nextWait', () => {
  it('waits out what the service says to come back to, on any route', () => {
    expect(nextWait(policy, 1, answer(409, 'idempotency_key_in_progress', '1'), false)).toBe(1000);
    expect(nextWait(policy, 1, answer(429, 'rate_limited', '7'), false)).toBe(7000);
    expect(nextWait(policy, 1, answer(503, 'market_not_ready', '2'), false)).toBe(2000);
  });

  it('asks again after a failure only where the same request is safe to repeat', () => {
    for (const outcome of [answer(500, 'internal_error'), answer(502, null), { failed: true as const }]) {
      expect(nextWait(policy, 1, outcome, false)).toBeNull();
      const wait = nextWait(policy, 2, outcome, true)!;
      expect(wait).toBeGreaterThanOrEqual(400);
      expect(wait).toBeLessThanOrEqual(800);
    }
  });

  it('leaves every refusal, a pause and an answer past its cap or its attempts to the caller', () => {
    for (const code of ['validation_failed', 'would_overdraw', 'positions_paused', 'invalid_session_token'])
      expect(nextWait(policy, 1, answer(409, code), true), code).toBeNull();
    expect(nextWait(policy, 1, answer(429, 'rate_limited', '61'), true)).toBeNull();
    expect(nextWait(policy, policy.maxAttempts, answer(429, 'rate_limited', '1'), true)).toBeNull();
  });

  it('by default waits out every Retry-After the service gives for a limit or a key in progress', () => {
    // rate_limited from the limiter: 1 to 60 s (the window is exact: the oldest second leaves within
    // WINDOW_S); idempotency_key_in_progress: 1 s, or up to 30 s (docs/sdk.md, "The SDK"). (The
    // widget's daily cap of error reports is rate_limited until midnight UTC: not waited for, rightly.)
    for (let seconds = 1; seconds <= WINDOW_S; seconds++) {
      expect(nextWait(DEFAULT_RETRY, 1, answer(429, 'rate_limited', String(seconds)), true)).toBe(seconds * 1000);
    }
    for (let seconds = 1; seconds <= 30; seconds++) {
      const inProgress = answer(409, 'idempotency_key_in_progress', String(seconds));
      expect(nextWait(DEFAULT_RETRY, 1, inProgress, false)).toBe(seconds * 1000);
    }
  });
});
