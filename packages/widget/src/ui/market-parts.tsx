import { useState } from 'preact/hooks';
import type { ApiFailure } from '../api.js';
import type { MessageKey } from '../i18n/index.js';
import { isEnded, phaseOf, resultOn } from '../market-order.js';
import type { Market } from '../store.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';

export function StatusBadge({ status }: { status: Market['status'] }) {
  const { texts } = useWidget();
  return <span class={`badge ${status}`}>{texts.t(`status.${status}` as MessageKey)}</span>;
}

export function SaveToggle({ market }: { market: Market }) {
  const { store, texts } = useWidget();
  const saved = useSelect((s) => s.saved.has(market.slug));
  const [error, setError] = useState<ApiFailure | null>(null);
  return (
    <>
      <button
        type="button"
        class="icon"
        aria-pressed={saved}
        aria-label={texts.t(saved ? 'markets.unsave' : 'markets.save', { title: market.title })}
        onClick={async () => setError(await store.toggleSaved(market.slug))}
      >
        {saved ? '★' : '☆'}
      </button>
      {error && <ErrorNote error={error} />}
    </>
  );
}

/** How an ended market ended: the winning outcome, or that stakes were refunded. */
export function Outcome({ market }: { market: Market }) {
  const { texts } = useWidget();
  if (market.status === 'voided') return <span class="ended">{texts.t('market.voided')}</span>;
  const winner = market.outcomes.find((o) => o.id === market.resolved_outcome_id);
  if (!winner) return null;
  return (
    <span class="ended">
      <span aria-hidden="true">✓ </span>
      {texts.t('market.won', { outcome: winner.title })}
    </span>
  );
}

/** The user's own result on an ended market ("You won €50.74"), when they held a position to its end. */
export function OwnResult({ market }: { market: Market }) {
  const { texts, fmt } = useWidget();
  const result = useSelect((s) => resultOn(market, s.positions.values()));
  if (!result) return null;
  const net = result.kind === 'net' ? Number(result.amount) : 0;
  const tone = result.kind === 'won' || net > 0 ? 'positive' : result.kind === 'lost' || net < 0 ? 'negative' : '';
  const amount = result.kind === 'net' ? fmt.signedMoney(result.amount) : fmt.money(result.amount);
  return <span class={`result ${tone}`}>{texts.t(`market.result.${result.kind}`, { amount })}</span>;
}

/**
 * A market's time line: when it closes (open or paused), when it opens (not yet open), that it closed
 * and awaits its result, or the day it ended ("Ended Nov 3").
 */
export function When({ market }: { market: Market }) {
  const { texts, fmt } = useWidget();
  const phase = phaseOf(market, Date.now());
  const text =
    phase === 'upcoming'
      ? texts.t('market.opens', { date: fmt.date(market.opens_at) })
      : phase === 'awaiting'
        ? texts.t('market.awaiting')
        : !isEnded(market)
          ? texts.t('market.closes', { date: fmt.date(market.closes_at) })
          : market.resolved_at
            ? texts.t('market.endedOn', { date: fmt.day(market.resolved_at) })
            : // A market resolved before its planned close has no closing date worth showing.
              Date.parse(market.closes_at) > Date.now()
              ? texts.t('market.ended')
              : texts.t('market.closed', { date: fmt.date(market.closes_at) });
  return <span class="muted">{text}</span>;
}

export { isEnded };
