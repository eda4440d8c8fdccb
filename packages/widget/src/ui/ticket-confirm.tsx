import { useEffect, useRef } from 'preact/hooks';
import type { Position } from '../store.js';
import { useWidget } from './context.js';

/**
 * The step before an order that moves the price by more than a few points: the move in numbers and two
 * ways on. It takes the focus when it appears, so a screen reader reads it and a second Enter in the
 * amount field is not what buys; "Buy anyway" is the form's submit.
 */
export function ImpactConfirm(props: {
  id: string;
  outcome: string;
  from: string;
  to: number;
  price: string;
  onCancel(): void;
}) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div class="confirm" role="group" aria-labelledby={props.id} tabIndex={-1} ref={box}>
      <p id={props.id}>
        {t('ticket.bigMove', {
          outcome: props.outcome,
          from: fmt.percent(props.from),
          to: fmt.percent(props.to),
          price: fmt.percent(props.price),
        })}
      </p>
      <div class="actions">
        <button type="submit" class="primary">
          {t('ticket.buyAnyway')}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('ticket.cancel')}
        </button>
      </div>
    </div>
  );
}

/** The last trade: what was bought, for how much, and the balance read after it. */
export function BoughtNote({
  position,
  outcome,
  balance,
}: {
  position: Position;
  outcome: string;
  balance: string | null;
}) {
  const { texts, fmt } = useWidget();
  return (
    <p class="note ok" role="status">
      {texts.t('ticket.done', {
        shares: fmt.shares(position.shares),
        outcome,
        stake: fmt.money(position.stake),
        balance: balance === null ? '—' : fmt.money(balance),
      })}
    </p>
  );
}
