import { phaseOf } from '../market-order.js';
import type { Market } from '../store.js';
import { PriceChart } from './chart.js';
import { useWidget } from './context.js';
import { isEnded, Outcome, OwnResult, SaveToggle, StatusBadge, When } from './market-parts.js';
import { Ticket } from './ticket.js';

/**
 * One market in full: its state, the chart and the ticket, or how it ended and what the user got, then
 * its rules and who decides it. On a wide widget the ticket stands beside the chart; on a phone it comes
 * first, so Buy is near the top and the chart is a scroll away. A market that cannot be traded has no
 * ticket: its chart takes the whole width rather than leaving half of it empty.
 */
export function MarketDetail({ market, side, onBack }: { market: Market; side?: string | null; onBack: () => void }) {
  const { texts, fmt } = useWidget();
  const phase = phaseOf(market, Date.now());
  const trading = phase === 'open';
  return (
    <section class="detail" aria-labelledby={`pm-title-${market.slug}`}>
      <div class="bar">
        <button type="button" onClick={onBack}>
          <span aria-hidden="true">{texts.dir === 'rtl' ? '→' : '←'}</span> {texts.t('detail.back')}
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
      {!trading && !isEnded(market) && (
        <p class="note" role="status" data-state={phase === 'suspended' ? 'paused' : undefined}>
          {phase === 'upcoming'
            ? texts.t('detail.upcoming', { date: fmt.date(market.opens_at) })
            : texts.t(phase === 'awaiting' ? 'detail.awaiting' : 'detail.paused')}
        </p>
      )}
      <div class={trading ? 'trade-layout' : 'trade-layout single'}>
        <div class="chart-side">
          <PriceChart market={market} />
          <MarketFacts market={market} />
        </div>
        {trading && (
          <div class="ticket-side">
            <Ticket market={market} side={side} />
          </div>
        )}
      </div>
    </section>
  );
}

/** What resolves the market and who decides it, when the platform said; a source that is a URL is a link. */
function MarketFacts({ market }: { market: Market }) {
  const { texts } = useWidget();
  const source = market.resolution_source;
  if (!market.rules && !source) return null;
  return (
    <section class="market-facts" aria-label={texts.t('detail.rules')}>
      {market.rules && (
        <>
          <h3>{texts.t('detail.rules')}</h3>
          <p dir="auto" class="rules">
            {market.rules}
          </p>
        </>
      )}
      {source && (
        <>
          <h3>{texts.t('detail.source')}</h3>
          <p dir="auto">
            {/^https:\/\//.test(source) ? (
              <a href={source} target="_blank" rel="noopener noreferrer">
                {source}
              </a>
            ) : (
              source
            )}
          </p>
        </>
      )}
    </section>
  );
}
