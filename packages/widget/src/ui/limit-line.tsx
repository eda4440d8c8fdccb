import type { LimitName } from '../player-limits.js';
import { useWidget } from './context.js';

const LEFT = {
  stake_per_day: 'ticket.leftDay',
  stake_per_week: 'ticket.leftWeek',
  stake_per_month: 'ticket.leftMonth',
} as const;

const DAY_MS = 24 * 3_600_000;

/**
 * What the tightest limit the player set leaves, under the amount: "12.50 left today, more from 14:00".
 * The time is when the earliest stake still counted leaves the window; a time within a day shows as a
 * time of day, a later one with its date.
 */
export function LimitLine({ limit }: { limit: { name: LimitName; remaining: string; resetsAt: string | null } }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const left = t(LEFT[limit.name], { amount: fmt.money(limit.remaining) });
  const at = limit.resetsAt;
  const when = at && (Date.parse(at) - Date.now() < DAY_MS ? fmt.time(at) : fmt.date(at));
  return (
    <p class="muted limit-left" data-state="limited">
      {when ? t('ticket.leftMore', { left, time: when }) : left}
    </p>
  );
}
