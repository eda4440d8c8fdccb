import { useEffect, useRef, useState } from 'preact/hooks';
import { newIdempotencyKey, type ApiFailure, type ApiResult } from '../api.js';
import { maxPriceFor } from '../format.js';
import type { Market, PendingOpen, Position } from '../store.js';
import { centsOf } from '../cents.js';
import { tightestLimit } from '../player-limits.js';
import { checkStake, maxStake, quoteFacts } from '../ticket-math.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { BoughtNote, ImpactConfirm } from './ticket-confirm.js';
import { SlippageField, StakeField } from './stake-field.js';
import { LimitLine } from './limit-line.js';
import { TicketFacts, ToWin } from './ticket-facts.js';
import { BuyBar, DetailsFold } from './ticket-bar.js';
import { sendOpen, usePendingOpen, useResume } from './pending-writes.js';
import { useOnScreen, useQuote } from './ticket-quote.js';

/** The last trade, for the confirmation under the ticket: the balance is the one read after it. */
interface Bought {
  position: Position;
  outcome: string;
  balance: string | null;
}

/**
 * The trade ticket: an outcome, an amount checked against the balance and any known limit before
 * anything is sent, the quote of that amount (what it wins, the average price and how far the order
 * moves it from the price the quote was asked at) and a slippage tolerance over the quoted price that
 * becomes max_price. An order that moves the price by more than a few points asks first. The quote
 * follows the price while the ticket is on screen (ticket-quote.ts).
 *
 * Confirming creates one intent, kept in the store until an answer settles it (pending-writes.ts): after
 * a failure whose outcome is unknown the ticket, this one or one shown later for the same market, shows
 * that intent's figures with its fields locked and "Try again" re-sends it unchanged, so a double click,
 * a flaky connection or leaving the market never buys twice. A price_moved answer ends the intent: the
 * prices are read again and a new quote asked, and nothing can be bought until it is in. A trade
 * empties the amount and says what was bought with "Buy more", so a second tap, a double click or Enter
 * held down buys nothing more (docs/widget.md, "How it behaves").
 *
 * On a phone-wide widget the amount, what it wins and Buy stay in a bar at the bottom of the screen and
 * the slippage and figures fold behind "Details" (ticket-bar.tsx). `side` is the outcome to start on.
 */
export function Ticket({ market, side }: { market: Market; side?: string | null }) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const balance = useSelect((s) => s.balance);
  // The tightest limit the player set: the ticket says what it leaves and sends nothing past it.
  const player = tightestLimit(useSelect((s) => s.limits));
  // An open of this market whose answer is not known yet: the ticket shows and re-sends exactly it.
  const pending = usePendingOpen(market.slug);
  const [outcomeId, setOutcomeId] = useState(() => pending?.body.outcome_id ?? side ?? market.outcomes[0]?.id ?? '');
  const [stakeText, setStakeText] = useState(() => fmt.amountInput(pending?.body.stake ?? '10'));
  const [slippage, setSlippage] = useState(() => pending?.shown.slippage ?? 0.02);
  /** The remaining stake a stake_limit_exceeded answer told; forgotten after a trade changes it. */
  const [remaining, setRemaining] = useState<string | null>(null);
  /** The market's cap on one open, from any quote of it (max_stake): known before the first Buy. */
  const [cap, setCap] = useState<string | null>(null);
  /** The tighter of the two limits known (maxStake is the lower of two amounts, either unknown). */
  const limit = maxStake(remaining, cap);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [bought, setBought] = useState<Bought | null>(null);
  const form = useRef<HTMLFormElement>(null);
  /** Set by a trade until the amount is touched: a submit the re-render has not caught up with sends nothing. */
  const justBought = useRef(false);
  const onScreen = useOnScreen(form);

  const sending = Boolean(pending?.sending);
  const locked = pending !== null;
  const outcome = market.outcomes.find((o) => o.id === (pending?.body.outcome_id ?? outcomeId)) ?? market.outcomes[0];
  const check = pending
    ? ({ ok: true, stake: pending.body.stake } as const)
    : checkStake(stakeText, fmt.locale, {
        balance,
        remaining: limit,
        player: player && { remaining: player.remaining, limit: player.name },
      });
  const stake = check.ok ? check.stake : null;
  const quote = useQuote(market, outcome?.id ?? '', locked ? null : stake, onScreen && !confirming);
  const current = quote.current;
  // What the ticket shows and sends: the pending intent's quote, or the current one, each measured from
  // the price it was asked at (never the button's price now, which the stream moves meanwhile).
  const shown = pending
    ? pending.shown
    : current && quote.basis !== null
      ? { quote: current, basis: quote.basis }
      : null;
  const facts = shown ? quoteFacts(shown.quote, shown.basis) : null;

  useEffect(() => {
    if (current?.max_stake) setCap(current.max_stake);
  }, [current?.max_stake]);
  // A confirmation is for the order it describes: another amount, outcome or quote asks again.
  useEffect(() => setConfirming(false), [stake, outcome?.id, current]);
  useEffect(() => {
    if (quote.error?.code === 'market_suspended') void store.loadMarkets();
  }, [quote.error]);

  const titleOf = (id: string) => market.outcomes.find((o) => o.id === id)?.title ?? '';
  const settle = (res: ApiResult<Position>, open: Pick<PendingOpen, 'body'>) => {
    // What the trade used is read again, and so is a limit the ticket did not know yet: once read, the
    // amount field names it and offers what fits, so no second note (unless the limits cannot be read).
    if (res.ok && player) void store.loadLimits();
    if (!res.ok && res.error.code === 'user_limit_reached') {
      const refusal = res.error;
      void store.loadLimits().then(() => {
        const known = tightestLimit(store.get().limits);
        if (!known || centsOf(open.body.stake) <= centsOf(known.remaining)) setError(refusal);
      });
      return;
    }
    if (!res.ok && res.error.code === 'user_excluded') void store.loadLimits();
    if (res.ok) {
      setRemaining(null);
      justBought.current = true;
      setStakeText('');
      setBought({ position: res.value, outcome: titleOf(open.body.outcome_id), balance: store.get().balance });
      // The quote from before the trade is forgotten: the next amount is quoted at the price it left.
      quote.requote();
      return;
    }
    if (res.error.code === 'market_suspended' || res.error.code === 'validation_failed') void store.loadMarkets();
    if (res.error.code === 'would_overdraw') void store.loadMe();
    // The price moved past the limit: the prices first, so the new quote is measured from the price as
    // it is now; Buy waits for it.
    if (res.error.code === 'price_moved') quote.requote(store.poll([market.slug]));
    const told = res.error.details?.remaining;
    // The field says what fits and offers it (the remaining stake), so no second note.
    if (res.error.code === 'stake_limit_exceeded' && typeof told === 'string') setRemaining(told);
    else setError(res.error);
  };
  useResume(pending, (res) => pending && settle(res, pending));

  if (!outcome) return null;
  if (market.status !== 'open') return <p class="note">{t('ticket.notOpen')}</p>;

  const send = async () => {
    // Read afresh: a second press before the ticket re-rendered must not send a second intent.
    const kept = store.pendingOpen(market.slug);
    if (kept?.sending || (!kept && justBought.current)) return;
    let open = kept;
    if (!open) {
      if (!stake || !current || quote.basis === null) return;
      open = {
        key: newIdempotencyKey(),
        body: {
          market_slug: market.slug,
          outcome_id: outcome.id,
          stake,
          max_price: maxPriceFor(current.price, slippage),
        },
        shown: { quote: current, basis: quote.basis, slippage },
        sending: null,
        failure: null,
      };
    }
    setConfirming(false);
    setError(null);
    setBought(null);
    settle(await sendOpen(store, open), open);
  };

  const stakeId = `pm-stake-${market.slug}`;
  // The note of what was bought stays until a new amount is typed: a double tap that lands here keeps it.
  const buyMore = () => form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(stakeId)}`)?.focus();
  const binary = market.outcomes.length === 2;
  const cannotFill = quote.error?.code === 'validation_failed';
  // A ticket shown again for an intent whose answer was lost says why it can only try again.
  const failure = error ?? pending?.failure ?? null;
  return (
    <form
      class="ticket"
      ref={form}
      aria-label={t('ticket.title')}
      onSubmit={(e) => {
        e.preventDefault();
        if (sending) return;
        if (pending) return void send();
        if (!stake || !current || !facts) return;
        if (facts.confirm && !confirming) return setConfirming(true);
        void send();
      }}
    >
      <fieldset disabled={locked}>
        <legend>{t('ticket.outcome')}</legend>
        <div class={binary ? 'choices binary' : 'choices'}>
          {market.outcomes.map((o, i) => (
            <label key={o.id} class={`${o.id === outcome.id ? 'choice selected' : 'choice'} s${i}`}>
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
      <BuyBar>
        <StakeField
          id={stakeId}
          value={pending ? fmt.amountInput(pending.body.stake) : stakeText}
          check={check}
          quiet={bought !== null}
          max={maxStake(maxStake(balance, limit), player?.remaining ?? null)}
          disabled={locked}
          onChange={(value) => {
            justBought.current = false;
            setStakeText(value);
            setBought(null);
            setError(null);
          }}
        />
        {player && !locked && <LimitLine limit={player} />}
        {stake && (pending || !quote.error) && <ToWin facts={facts} />}
        {stake && !pending && quote.error && !cannotFill && (
          <ErrorNote error={quote.error}>
            <button type="button" onClick={() => quote.requote()}>
              {t('retry')}
            </button>
          </ErrorNote>
        )}
        {cannotFill && !pending && <p class="note">{t('ticket.cannotFill')}</p>}
        {failure && <ErrorNote error={failure} />}
        {bought && <BoughtNote {...bought} />}
        {confirming && facts && shown && !pending ? (
          <ImpactConfirm
            id={`${stakeId}-confirm`}
            outcome={outcome.title}
            from={shown.basis}
            to={facts.priceAfter}
            price={shown.quote.price}
            onCancel={() => setConfirming(false)}
          />
        ) : bought && !stake ? (
          <button type="button" class="primary buy" onClick={buyMore}>
            {t('ticket.buyMore')}
          </button>
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
      </BuyBar>
      <DetailsFold>
        <SlippageField
          id={`pm-slip-${market.slug}`}
          value={pending ? pending.shown.slippage : slippage}
          price={shown?.quote.price ?? null}
          disabled={locked}
          onChange={setSlippage}
        />
        {stake && (pending || !quote.error) && <TicketFacts quote={shown?.quote ?? null} facts={facts} />}
      </DetailsFold>
    </form>
  );
}
