import { describe, expect, it } from 'vitest';
import { claimAnswer, refusalAnswer } from './answers.js';

const request = { requestId: 'req-1', source: 'sandbox/test' };
const now = new Date('2026-06-01T12:00:00.000Z');

describe('claimAnswer', () => {
  it('marks a replay (Idempotent-Replayed) and keeps its status and bytes as stored', () => {
    const body = '{"balance":"10.00"}';
    expect(claimAnswer({ kind: 'replay', status: 409, body }, request, now)).toEqual({
      status: 409,
      body,
      replayed: true,
    });
  });

  it('does not mark a reused key or a key in progress: they are answers of their own, not replays', () => {
    expect(claimAnswer({ kind: 'reused' }, request, now)).not.toHaveProperty('replayed');
    const busy = claimAnswer({ kind: 'in_progress', retryAfterSeconds: 1 }, request, now);
    expect(busy).not.toHaveProperty('replayed');
    expect(busy.retryAfter).toBe(1);
  });

  it('never marks a refusal', () => {
    const refused = refusalAnswer({ code: 'would_overdraw', message: 'Short.' }, request, now);
    expect(refused).not.toHaveProperty('replayed');
  });
});
