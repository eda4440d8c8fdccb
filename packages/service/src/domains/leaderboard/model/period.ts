/** Leaderboard periods (docs/operator-api.md, "The widget's own routes"): each starts at 00:00Z of today, of this Monday, of the 1st. */
export const PERIODS = ['day', 'week', 'month', 'all'] as const;
export type Period = (typeof PERIODS)[number];

/** When the period that holds `now` began, in UTC; null for all time. */
export function periodStart(period: Period, now: Date): Date | null {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (period) {
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'week':
      // getUTCDay: Sunday 0 … Saturday 6; the week starts on Monday.
      return new Date(Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7)));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'all':
      return null;
  }
}
