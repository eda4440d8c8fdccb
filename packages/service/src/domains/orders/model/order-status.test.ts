import { describe, expect, it } from 'vitest';
import { cancelAnswer, isFinalOrderStatus } from './order-status.js';

describe('order statuses', () => {
  it('only open is not final; a cancel answers a cancelled order and refuses the other final ones', () => {
    expect(isFinalOrderStatus('open')).toBe(false);
    for (const status of ['filled', 'expired', 'rejected', 'cancelled'] as const)
      expect(isFinalOrderStatus(status)).toBe(true);
    expect(cancelAnswer('cancelled')).toBe('ok');
    for (const status of ['filled', 'expired', 'rejected'] as const) expect(cancelAnswer(status)).toBe('conflict');
  });
});
