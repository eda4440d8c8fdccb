import type { QuoteFacts } from '../ticket-math.js';
import { useWidget } from './context.js';

type Quoted = { stake: string; shares: string; price: string };

/**
 * What the order buys, in the order people read a ticket (Polymarket, Kalshi): the amount, the average
 * price with how far it sits above the outcome's price, the outcome's price after the order (what the
 * large-order confirmation names) and the shares. The impact is measured from the price the quote was
 * asked at (facts.shown). While a quote loads, the same layout with placeholders. What it wins is the
 * headline beside Buy ({@link ToWin}).
 */
export function TicketFacts({ quote, facts }: { quote: Quoted | null; facts: QuoteFacts | null }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const shown = quote && facts ? { quote, facts } : null;
  const value = (text: string | null) => (text === null ? <span class="skeleton" /> : text);
  return (
    <dl class="facts" aria-live="polite" aria-busy={shown === null}>
      <div>
        <dt>{t('ticket.stake')}</dt>
        <dd>{value(shown && fmt.money(shown.quote.stake))}</dd>
      </div>
      <div>
        <dt>{t('ticket.price')}</dt>
        <dd>{value(shown && fmt.percent(shown.quote.price))}</dd>
      </div>
      <div>
        <dt>{t('ticket.impact')}</dt>
        <dd class={shown && shown.facts.confirm ? 'impact high' : 'impact'}>
          {value(
            shown &&
              t('ticket.impactValue', {
                points: fmt.points(shown.facts.impact),
                price: fmt.percent(shown.facts.shown),
              }),
          )}
        </dd>
      </div>
      <div>
        <dt>{t('ticket.after')}</dt>
        <dd>{value(shown && fmt.percent(shown.facts.priceAfter))}</dd>
      </div>
      <div>
        <dt>{t('ticket.shares')}</dt>
        <dd>{value(shown && fmt.shares(shown.quote.shares))}</dd>
      </div>
    </dl>
  );
}

/** What the order wins, the ticket's headline beside Buy, with the profit and the return after it. */
export function ToWin({ facts }: { facts: QuoteFacts | null }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  return (
    <div class="headline" aria-live="polite">
      <span class="label">{t('ticket.toWin')}</span>
      {facts ? (
        <>
          <strong class="win">{fmt.money(facts.payout)}</strong>
          <span class="profit">
            {t('ticket.profit', {
              profit: fmt.signedMoney(facts.profit),
              return: fmt.signedPercent(facts.returnRatio),
            })}
          </span>
        </>
      ) : (
        <span class="win muted">{t('ticket.quoting')}</span>
      )}
    </div>
  );
}
