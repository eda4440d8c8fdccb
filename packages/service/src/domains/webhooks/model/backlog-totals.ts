/** One tenant environment's part of the webhook backlog (delivery-repo's selectDeliveryBacklog). */
export interface BacklogPart {
  dead: number;
  pending: number;
  oldestPendingAt: Date | null;
  oldestDueAt: Date | null;
}

/** The whole deployment's webhook backlog: every tenant environment's part summed, the oldest of each kind. */
export interface BacklogTotals {
  dead: number;
  pending: number;
  oldestPendingAt: Date | null;
  oldestDueAt: Date | null;
}

const earlier = (a: Date | null, b: Date | null): Date | null => (a === null ? b : b === null || a <= b ? a : b);

export function backlogTotals(parts: readonly BacklogPart[]): BacklogTotals {
  return parts.reduce<BacklogTotals>(
    (total, part) => ({
      dead: total.dead + part.dead,
      pending: total.pending + part.pending,
      oldestPendingAt: earlier(total.oldestPendingAt, part.oldestPendingAt),
      oldestDueAt: earlier(total.oldestDueAt, part.oldestDueAt),
    }),
    { dead: 0, pending: 0, oldestPendingAt: null, oldestDueAt: null },
  );
}
