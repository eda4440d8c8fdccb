import { phaseOf } from '../market-order.js';
import { isChange } from '../price-change.js';
import type { Market, Outcome as MarketOutcome } from '../store.js';
import { useWidget } from './context.js';
import { isEnded, Outcome, OwnResult, SaveToggle, StatusBadge, When } from './market-parts.js';

/** Outcomes a card lists before "+N more" (the market page has them all). */
const CARD_OUTCOMES = 3;

/** Opens a market, on the ticket of one outcome when the card's price button said which. */
export type OpenMarket = (slug: string, outcomeId?: string | null) => void;

/**
 * A market as Polymarket's and Kalshi's cards show one: its title at the top (cards in a row line up), then a
 * binary market's chance with its 24-hour change and a Yes and a No button that open the ticket on that
 * side, or the first outcomes with their prices, each opening its own ticket; how it ended once it has;
 * at the foot the volume, the state and the date.
 */
export function MarketCard({ market, onOpen }: { market: Market; onOpen: OpenMarket }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const tradable = phaseOf(market, Date.now()) === 'open';
  const binary = market.outcomes.length === 2;
  const lead = market.outcomes[0]!;
  return (
    <li class={`card market ${market.status}`}>
      <div class="card-head">
        <button type="button" class="open title" dir="auto" onClick={() => onOpen(market.slug)}>
          {market.title}
        </button>
        {binary && !isEnded(market) && (
          <span class="chance">
            <strong>{fmt.chance(lead.price)}</strong>
            <Change outcome={lead} />
          </span>
        )}
      </div>
      {isEnded(market) ? (
        <p class="prices ended-line">
          <Outcome market={market} />
          <OwnResult market={market} />
        </p>
      ) : binary ? (
        <div class="sides">
          {market.outcomes.map((o, i) => (
            <button
              key={o.id}
              type="button"
              class={`side s${i}`}
              disabled={!tradable}
              onClick={() => onOpen(market.slug, o.id)}
            >
              <span dir="auto">{o.title}</span> <strong>{fmt.chance(o.price)}</strong>
              <span class="visually-hidden">{t('markets.inMarket', { title: market.title })}</span>
            </button>
          ))}
        </div>
      ) : (
        <ul class="rows">
          {market.outcomes.slice(0, CARD_OUTCOMES).map((o) => (
            <li key={o.id}>
              <button type="button" class="row-button" onClick={() => onOpen(market.slug, tradable ? o.id : null)}>
                <span dir="auto" class="name">
                  {o.title}
                </span>
                <Change outcome={o} />
                <strong>{fmt.chance(o.price)}</strong>
                <span class="visually-hidden">{t('markets.inMarket', { title: market.title })}</span>
              </button>
            </li>
          ))}
          {market.outcomes.length > CARD_OUTCOMES && (
            <li class="muted more">
              {t('markets.more', { count: fmt.number(market.outcomes.length - CARD_OUTCOMES, 0) })}
            </li>
          )}
        </ul>
      )}
      <div class="foot">
        <p class="meta">
          {market.status !== 'open' && <StatusBadge status={market.status} />}
          {market.volume !== undefined && Number(market.volume) > 0 && (
            <span class="muted volume">{t('markets.volume', { amount: fmt.compactMoney(market.volume) })}</span>
          )}
          <When market={market} />
        </p>
        <SaveToggle market={market} />
      </div>
    </li>
  );
}

/** An outcome's change over 24 hours in points ("▲ 3.1"), said in words to a screen reader; none when flat. */
export function Change({ outcome }: { outcome: MarketOutcome }) {
  const { texts, fmt } = useWidget();
  if (outcome.change_24h === undefined) return null;
  const change = Number(outcome.change_24h);
  if (!isChange(change)) return null;
  const points = fmt.number(Math.abs(change) * 100, 1);
  const up = change > 0;
  return (
    <span class={up ? 'change up' : 'change down'}>
      <span aria-hidden="true">
        {up ? '▲' : '▼'}
        {points}
      </span>
      <span class="visually-hidden">{texts.t(up ? 'markets.up24h' : 'markets.down24h', { points })}</span>
    </span>
  );
}
