/**
 * The changelog of the operator contract (spec part 9), newest first, as GET /v1/changelog answers it.
 * Additive changes are listed here; a deprecated route's Link header points at it.
 */
export const CHANGELOG: ReadonlyArray<{ date: string; change: string }> = [
  {
    date: '2026-10-07',
    change:
      'Error code idempotency_key_in_progress (409) on POST /v1/positions. Nothing applied and price not checked ' +
      'by the request that gets it. Retry-After is 1 second.',
  },
  {
    date: '2026-10-06',
    change: 'Events position.opened and position.closed for widget-session actions. Once per position.',
  },
  {
    date: '2026-10-05',
    change:
      'Void corrections: events position.void_corrected and market.void_corrected. voided is no longer final for ' +
      'a refunded position. correction_shortfall_credit rules apply.',
  },
  {
    date: '2026-10-04',
    change:
      'Settlement corrections: entry_type set declared open; new entry_type correction_shortfall_credit ' +
      '(filterable with ?entry_type=correction_shortfall_credit); events position.settlement_corrected and ' +
      'market.resolution_corrected. settled_win and settled_loss are no longer final.',
  },
  { date: '2026-09-26', change: 'Initial /v1 contract. Nothing deprecated.' },
];
