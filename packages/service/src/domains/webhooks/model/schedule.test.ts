import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, RETRY_WINDOW_MS, afterFailure, isDelivered, nextState } from './schedule.js';

const now = new Date('2026-06-01T12:00:00.000Z');

describe('the webhook retry schedule', () => {
  it('retries first within 10 seconds', () => {
    const first = afterFailure(1, now);
    expect(first.next).toBe('retry');
    if (first.next === 'retry') expect(first.at.getTime() - now.getTime()).toBeLessThanOrEqual(10_000);
  });

  it('waits longer each time and spans 7 h 45 min from the first attempt to the last', () => {
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++)
      expect(RETRY_DELAYS_MS[i]!).toBeGreaterThan(RETRY_DELAYS_MS[i - 1]!);
    expect(RETRY_WINDOW_MS).toBe((7 * 60 + 45) * 60_000);
    let at = now;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const step = afterFailure(attempt, at);
      expect(step.next, `after attempt ${attempt}`).toBe('retry');
      if (step.next === 'retry') at = step.at;
    }
    expect(at.getTime() - now.getTime()).toBe(RETRY_WINDOW_MS);
  });

  it('sends the delivery to the dead letters after the last attempt, and after any attempt past it', () => {
    expect(afterFailure(MAX_ATTEMPTS, now)).toEqual({ next: 'dead' });
    expect(afterFailure(MAX_ATTEMPTS + 3, now)).toEqual({ next: 'dead' });
  });

  it('refuses an attempt number that is not one', () => {
    expect(() => afterFailure(0, now)).toThrow(/attempt/);
    expect(() => afterFailure(1.5, now)).toThrow(/attempt/);
  });
});

describe('the state after an attempt', () => {
  it('is delivered on any 2xx and nothing else', () => {
    for (const status of [200, 201, 204, 299])
      expect(nextState({ status, attemptInCycle: 1 }, now)).toEqual({ state: 'delivered' });
    for (const status of [null, 199, 301, 302, 400, 410, 500, 503]) {
      expect(nextState({ status, attemptInCycle: 1 }, now)).toEqual({
        state: 'pending',
        nextAttemptAt: new Date(now.getTime() + 5_000),
      });
    }
    expect(isDelivered(300)).toBe(false);
  });

  it('is dead after the last attempt of the cycle, and at once when the webhook_url is gone', () => {
    expect(nextState({ status: 500, attemptInCycle: MAX_ATTEMPTS }, now)).toEqual({ state: 'dead' });
    expect(nextState({ status: null, attemptInCycle: 1, noUrl: true }, now)).toEqual({ state: 'dead' });
  });
});
