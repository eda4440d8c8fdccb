import { describe, expect, it } from 'vitest';
import { nextStatus } from './ticket-status.js';

describe('nextStatus', () => {
  it('answers open and answered tickets, refuses closed ones, and closes any', () => {
    expect(nextStatus('open', 'platform_reply')).toBe('answered');
    expect(nextStatus('answered', 'platform_reply')).toBe('answered');
    expect(nextStatus('closed', 'platform_reply')).toBe('refused');
    for (const s of ['open', 'answered', 'closed'] as const) expect(nextStatus(s, 'close')).toBe('closed');
  });
});
