import { useEffect, useRef, useState } from 'preact/hooks';
import { newIdempotencyKey, outcomeUnknown, type ApiFailure } from '../api.js';
import { maxPriceFor } from '../format.js';
import type { Market, Position } from '../store.js';
import { checkStake, maxStake, quoteFacts } from '../ticket-math.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { BoughtNote, ImpactConfirm } from './ticket-confirm.js';
import { SlippageField, StakeField } from './stake-field.js';
import { TicketFacts } from './ticket-facts.js';
import { useQuote } from './ticket-quote.js';

/** One open the user means: its key and body stay the same through every retry of it (spec 4.1). */
interface Intent {
  key: string;
  body: { market_slug: string; outcome_id: string; stake: string; max_price: string };
}

/** The last trade, for the confirmation under the ticket: the balance is the one read after it. */
interface Bought {
  position: Position;
  outcome: string;
  balance: string | null;
}

/**
 * The trade ticket: an outcome, an amount checked against the balance and any known limit before
 * anything is sent, the quote of that amount (what it wins, the average price and how far the order
 * moves it) and a slippage tolerance over the quoted price that becomes max_price. An order that moves
 * the price by more than a few points asks first. Confirming creates one intent; "try again" after a
 * failure whose outcome is unknown re-sends that intent unchanged, so a double click or a flaky
 * connection never buys twice. A price_moved answer ends the intent: the user re-quotes and confirms a
 * new one. After a trade the ticket says what was bought and quotes the same amount afresh.
 */
export function Ticket({ market }: { market: Market }) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const balance = useSelect((s) => s.balance);
  const [outcomeId, setOutcomeId] = useState(market.outcomes[0]?.id ?? '');
  const [stakeText, setStakeText] = useState(() => fmt.amountInput('10'));
  const [slippage, setSlippage] = useState(0.02);
  /** The remaining stake a stake_limit_exceeded answer told; forgotten after a trade changes it. */
  const [remaining, setRemaining] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [bought, setBought] = useState<Bought | null>(null);
  const intent = useRef<Intent | null>(null);

  const outcome = market.outcomes.find((o) => o.id === outcomeId) ?? market.outcomes[0];
  const check = checkStake(stakeText, fmt.locale, { balance, remaining });
  const stake = check.ok ? check.stake : null;
  const quote = useQuote(market, outcome?.id ?? '', stake);
  const current = quote.current;
  const facts = current && outcome ? quoteFacts(current, outcome.price) : null;

  // A confirmation is for the order it describes: another amount or outcome asks again.
  useEffect(() => setConfirming(false), [stake, outcome?.id]);
  useEffect(() => {
    if (quote.error?.code === 'market_suspended') void store.loadMarkets();
  }, [quote.error]);

  if (!outcome) return null;
  if (market.status !== 'open') return <p class="note">{t('ticket.notOpen')}</p>;

  const send = async (fresh: boolean) => {
    if (fresh || !intent.current) {
      if (!stake || !current) return;
      intent.current = {
        key: newIdempotencyKey(),
        body: {
          market_slug: market.slug,
          outcome_id: outcome.id,
          stake,
          max_price: maxPriceFor(current.price, slippage),
        },
      };
    }
    const sent = intent.current;
    setSending(true);
    setConfirming(false);
    setError(null);
    setBought(null);
    const res = await store.api.send<Position>('POST', '/v1/positions', sent.body, sent.key);
    if (res.ok) {
      intent.current = null;
      store.applyPosition(res.value);
      // The new balance and prices first, so the confirmation and the next quote are of the market as it is now.
      await store.poll([market.slug]);
      setRemaining(null);
      setBought({ position: res.value, outcome: outcome.title, balance: store.get().balance });
      setSending(false);
      quote.requote();
      return;
    }
    setSending(false);
    // Only a failure whose outcome is unknown keeps the intent, for a same-key retry.
    if (!outcomeUnknown(res.error)) intent.current = null;
    if (res.error.code === 'market_suspended' || res.error.code === 'validation_failed') void store.loadMarkets();
    if (res.error.code === 'would_overdraw') void store.loadMe();
    const told = res.error.details?.remaining;
    // The field says what fits and offers it (the remaining stake), so no second note.
    if (res.error.code === 'stake_limit_exceeded' && typeof told === 'string') setRemaining(told);
    else setError(res.error);
  };

  // An open whose outcome is unknown is pending: until it is settled, the ticket re-sends exactly it.
  const pending = intent.current !== null;
  const locked = pending || sending;
  const stakeId = `pm-stake-${market.slug}`;
  const cannotFill = quote.error?.code === 'validation_failed';
  return (
    <form
      class="ticket"
      aria-label={t('ticket.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (sending) return;
        if (pending) return void send(false);
        if (!stake || !current || !facts) return;
        if (facts.confirm && !confirming) return setConfirming(true);
        void send(true);
      }}
    >
      <fieldset disabled={locked}>
        <legend>{t('ticket.outcome')}</legend>
        <div class="choices">
          {market.outcomes.map((o) => (
            <label key={o.id} class={o.id === outcome.id ? 'choice selected' : 'choice'}>
              <input
                type="radio"
                name={`pm-outcome-${market.slug}`}
                value={o.id}
                checked={o.id === outcome.id}
                onChange={() => setOutcomeId(o.id)}
              />
              <span dir="auto">{o.title}</span>
              <strong>{fmt.chance(o.price)}</strong>
            </label>
          ))}
        </div>
      </fieldset>
      <StakeField
        id={stakeId}
        value={stakeText}
        check={check}
        max={maxStake(balance, remaining)}
        disabled={locked}
        onChange={(value) => (setStakeText(value), setBought(null), setError(null))}
      />
      <SlippageField
        id={`pm-slip-${market.slug}`}
        value={slippage}
        price={current?.price ?? null}
        disabled={locked}
        onChange={setSlippage}
      />
      {stake && !quote.error && <TicketFacts quote={current} facts={facts} />}
      {stake && quote.error && !cannotFill && (
        <ErrorNote error={quote.error}>
          <button type="button" onClick={quote.requote}>
            {t('retry')}
          </button>
        </ErrorNote>
      )}
      {cannotFill && <p class="note">{t('ticket.cannotFill')}</p>}
      {error && (
        <ErrorNote error={error}>
          {error.code === 'price_moved' && (
            <button
              type="button"
              onClick={async () => {
                setError(null);
                // The prices first, so the new quote's impact is measured from the price as it is now.
                await store.poll([market.slug]);
                quote.requote();
              }}
            >
              {t('error.requote')}
            </button>
          )}
        </ErrorNote>
      )}
      {bought && <BoughtNote {...bought} />}
      {confirming && facts && current ? (
        <ImpactConfirm
          id={`${stakeId}-confirm`}
          outcome={outcome.title}
          from={outcome.price}
          to={facts.priceAfter}
          price={current.price}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <button type="submit" class="primary buy" disabled={sending || (!pending && !facts)}>
          {sending
            ? t('ticket.sending')
            : pending
              ? t('retry')
              : facts
                ? t('ticket.confirm', { outcome: outcome.title, payout: fmt.money(facts.payout) })
                : t('ticket.buy', { outcome: outcome.title })}
        </button>
      )}
    </form>
  );
}
