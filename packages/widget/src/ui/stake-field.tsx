import { maxPriceFor } from '../format.js';
import { centsOf } from '../cents.js';
import type { StakeCheck } from '../ticket-math.js';
import { useSelect, useWidget } from './context.js';

/**
 * The amount to spend: the field, the balance beside its label, a Max button (the balance, or the
 * remaining limit when a refusal told it and it is lower) and, under it, what the ticket thinks of the
 * amount in words, with the amount that fits as a button when it is too much. Nothing is sent for an
 * amount this refuses.
 */
export function StakeField(props: {
  id: string;
  value: string;
  check: StakeCheck;
  /** The most that can be staked now, or null while the balance is unknown. */
  max: string | null;
  disabled: boolean;
  /** No "Enter an amount" while the ticket says what was just bought. */
  quiet?: boolean;
  onChange(value: string): void;
}) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const balance = useSelect((s) => s.balance);
  const { id, check, max, disabled, onChange } = props;
  const noteId = `${id}-note`;
  const use = (amount: string) => onChange(fmt.amountInput(amount));
  const canMax = max !== null && centsOf(max) > 0n;

  let note: { text: string; problem: boolean; cap?: string } | null = null;
  if (!check.ok) {
    switch (check.problem) {
      case 'empty':
        note = props.quiet ? null : { text: t('ticket.empty'), problem: false };
        break;
      case 'format':
        note = { text: t('ticket.format', { example: fmt.number(12.5) }), problem: true };
        break;
      case 'zero':
        note = { text: t('ticket.zero'), problem: true };
        break;
      case 'player': {
        const key = {
          stake_per_day: 'ticket.overDay',
          stake_per_week: 'ticket.overWeek',
          stake_per_month: 'ticket.overMonth',
        } as const;
        note = { text: t(key[check.limit], { amount: fmt.money(check.cap) }), problem: true, cap: check.cap };
        break;
      }
      case 'balance':
      case 'limit': {
        const key = check.problem === 'balance' ? 'ticket.overBalance' : 'ticket.overLimit';
        note = { text: t(key, { amount: fmt.money(check.cap) }), problem: true, cap: check.cap };
        break;
      }
    }
  }

  return (
    <div class="stake">
      <div class="stake-head">
        <label for={id}>{t('ticket.stake')}</label>
        {balance !== null && <span class="muted">{t('ticket.balance', { balance: fmt.money(balance) })}</span>}
      </div>
      <div class="stake-input">
        <input
          id={id}
          disabled={disabled}
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          aria-invalid={note?.problem ?? false}
          aria-describedby={note ? noteId : undefined}
          onInput={(e) => onChange((e.target as HTMLInputElement).value)}
        />
        <button
          type="button"
          class="max"
          disabled={disabled || !canMax}
          title={canMax ? t('ticket.maxLabel', { amount: fmt.money(max) }) : undefined}
          onClick={() => max !== null && use(max)}
        >
          {t('ticket.max')}
        </button>
      </div>
      {note && (
        <div id={noteId} class={note.problem ? 'field-note problem' : 'field-note'} aria-live="polite">
          <span>{note.text}</span>
          {note.cap !== undefined && centsOf(note.cap) > 0n && (
            <button type="button" disabled={disabled} onClick={() => use(note!.cap!)}>
              {t('ticket.use', { amount: fmt.money(note.cap) })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

const SLIPPAGES = [0.01, 0.02, 0.05, 0.1];

/**
 * The slippage tolerance: how far above the quoted average price the open may still fill. It becomes
 * max_price (format.ts maxPriceFor): each choice reads as the price it allows ("50.2% (+2%)"), since a
 * bare "+2%" of a price that is itself a percentage reads as two points.
 */
export function SlippageField(props: {
  id: string;
  value: number;
  /** The quoted average price, or null while none is in. */
  price: string | null;
  disabled: boolean;
  onChange(value: number): void;
}) {
  const { texts, fmt } = useWidget();
  return (
    <div class="slippage">
      <label for={props.id}>{texts.t('ticket.slippage')}</label>
      <select
        id={props.id}
        disabled={props.disabled}
        value={String(props.value)}
        onChange={(e) => props.onChange(Number((e.target as HTMLSelectElement).value))}
      >
        {SLIPPAGES.map((s) => (
          <option key={s} value={String(s)}>
            {props.price === null
              ? fmt.signedPercent(s)
              : `${fmt.percent(maxPriceFor(props.price, s))} (${fmt.signedPercent(s)})`}
          </option>
        ))}
      </select>
      {props.price !== null && (
        <span class="muted limit">
          {texts.t('ticket.limit', { price: fmt.percent(maxPriceFor(props.price, props.value)) })}
        </span>
      )}
    </div>
  );
}
