import type { LimitName } from '../player-limits.js';
import { useWidget } from './context.js';

const LEFT = {
  stake_per_day: 'ticket.leftDay',
  stake_per_week: 'ticket.leftWeek',
  stake_per_month: 'ticket.leftMonth',
} as const;

/**
 * What the tightest limit the player set leaves, under the amount: "12.50 left today, more from 14:00".
 * The time is when the earliest stake still counted leaves the window, as near as it is ("14:00",
 * "tomorrow 14:00", or a date), so a bare time never means another day.
 */
export function LimitLine({ limit }: { limit: { name: LimitName; remaining: string; resetsAt: string | null } }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const left = t(LEFT[limit.name], { amount: fmt.money(limit.remaining) });
  const at = limit.resetsAt;
  const when = at && fmt.when(at);
  return (
    <p class="muted limit-left" data-state="limited">
      {when ? t('ticket.leftMore', { left, time: when }) : left}
    </p>
  );
}
