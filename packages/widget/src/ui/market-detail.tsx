import { phaseOf } from '../market-order.js';
import type { Market } from '../store.js';
import { PriceChart } from './chart.js';
import { useWidget } from './context.js';
import { isEnded, Outcome, OwnResult, SaveToggle, StatusBadge, When } from './market-parts.js';
import { Ticket } from './ticket.js';

/**
 * One market in full: its state, the chart and the ticket, or how it ended and what the user got. On a
 * wide widget the ticket stands beside the chart; on a phone it comes first, so Buy is near the top
 * and the chart is a scroll away.
 */
export function MarketDetail({ market, onBack }: { market: Market; onBack: () => void }) {
  const { texts, fmt } = useWidget();
  const phase = phaseOf(market, Date.now());
  return (
    <section class="detail" aria-labelledby={`pm-title-${market.slug}`}>
      <div class="bar">
        <button type="button" onClick={onBack}>
          <span aria-hidden="true">{texts.dir === 'rtl' ? '→' : '←'}</span> {texts.t('markets.backToList')}
        </button>
        <SaveToggle market={market} />
      </div>
      <h2 id={`pm-title-${market.slug}`} dir="auto">
        {market.title}
      </h2>
      <p class="meta">
        {phase === market.status && <StatusBadge status={market.status} />} <When market={market} />
      </p>
      {isEnded(market) && (
        <p class="note ended-note" role="status">
          <Outcome market={market} /> <OwnResult market={market} />
        </p>
      )}
      <div class="trade-layout">
        <div class="chart-side">
          <PriceChart market={market} />
        </div>
        <div class="ticket-side">
          {phase === 'open' && <Ticket market={market} />}
          {phase !== 'open' && !isEnded(market) && (
            <p class="note" role="status">
              {phase === 'upcoming'
                ? texts.t('market.upcomingNote', { date: fmt.date(market.opens_at) })
                : texts.t(phase === 'awaiting' ? 'market.awaitingNote' : 'market.paused')}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
