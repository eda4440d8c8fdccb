import { describe, expect, it } from 'vitest';
import { attemptKind, attemptReason, attemptWords } from './attempt-outcome.js';

describe('attemptKind and attemptWords', () => {
  it('tells a 2xx from another status, from no answer', () => {
    expect(attemptKind({ sent: true, statusCode: 204, error: null })).toBe('delivered');
    expect(attemptKind({ sent: true, statusCode: 301, error: null })).toBe('refused');
    expect(attemptKind({ sent: true, statusCode: 503, error: null })).toBe('refused');
    expect(attemptWords({ sent: true, statusCode: 503, error: null })).toBe('HTTP 503');
    expect(attemptReason({ sent: true, statusCode: 503, error: null })).toBeNull();
    const timeout = { sent: true, statusCode: null, error: 'timeout after 5000 ms' };
    expect(attemptKind(timeout)).toBe('no_answer');
    expect(attemptWords(timeout)).toBe('no answer: timeout after 5000 ms');
    expect(attemptReason(timeout)).toBe('timeout after 5000 ms');
  });

  it('says an attempt never sent as such, never as an HTTP failure', () => {
    const noSecret = { sent: false, statusCode: null, error: 'no webhook secret' };
    expect(attemptKind(noSecret)).toBe('not_sent');
    expect(attemptWords(noSecret)).toBe('not sent: no webhook secret set');
    expect(attemptReason(noSecret)).toBe('no webhook secret set');
    expect(attemptWords({ sent: false, statusCode: null, error: 'no webhook_url' })).toBe(
      'not sent: no webhook URL set',
    );
  });
});
