/**
 * Every keyed write, with how long its stored answer is replayed (balance sync 90 days,
 * position opens without limit: docs/operator-api.md, "Balance sync" and "Positions"). Closes and order placements are
 * kept like opens: their answers name a position or an order that stays readable. The purge job deletes answers past
 * their window.
 */
export const KEYED_OPERATIONS = {
  balance_sync: { replayDays: 90 },
  balance_sync_batch: { replayDays: 90 },
  position_open: { replayDays: null },
  position_close: { replayDays: null },
  order_place: { replayDays: null },
  support_ticket_open: { replayDays: null },
  report_request: { replayDays: null },
  sandbox_market_create: { replayDays: null },
  sandbox_market_settle: { replayDays: null },
  webhook_test: { replayDays: 90 },
} as const satisfies Record<string, { replayDays: number | null }>;

export type KeyedOperation = keyof typeof KEYED_OPERATIONS;
