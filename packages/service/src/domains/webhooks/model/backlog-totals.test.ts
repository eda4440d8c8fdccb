import { describe, expect, it } from 'vitest';
import { backlogTotals } from './backlog-totals.js';

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute));

describe('backlogTotals', () => {
  it('is zero and null without any part', () => {
    expect(backlogTotals([])).toEqual({ dead: 0, pending: 0, oldestPendingAt: null, oldestDueAt: null });
  });

  it('sums the counts and keeps the oldest of each time, a part without one left out', () => {
    expect(
      backlogTotals([
        { dead: 2, pending: 0, oldestPendingAt: null, oldestDueAt: null },
        { dead: 0, pending: 5, oldestPendingAt: at(30), oldestDueAt: at(40) },
        { dead: 1, pending: 3, oldestPendingAt: at(10), oldestDueAt: null },
        { dead: 0, pending: 1, oldestPendingAt: at(50), oldestDueAt: at(35) },
      ]),
    ).toEqual({ dead: 3, pending: 9, oldestPendingAt: at(10), oldestDueAt: at(35) });
  });
});
