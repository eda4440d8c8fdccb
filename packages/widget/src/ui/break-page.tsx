import { useWidget } from './context.js';

/**
 * What a player on a break sees instead of the markets: until when, in calm words, and the way to their
 * positions (closing them takes their money out). Nothing here invites a bet.
 */
export function BreakPage({ until, onPortfolio }: { until: string; onPortfolio: () => void }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  return (
    <section class="break" data-state="excluded" aria-labelledby="pm-break-title">
      <h2 id="pm-break-title">{t('break.title')}</h2>
      <p>{t('break.until', { date: fmt.date(until) })}</p>
      <p class="muted">{t('break.still')}</p>
      <button type="button" class="primary" onClick={onPortfolio}>
        {t('break.portfolio')}
      </button>
    </section>
  );
}
