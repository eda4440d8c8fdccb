import { useEffect, useRef, useState } from 'preact/hooks';
import type { Position } from '../store.js';
import { useSelect, useWidget } from './context.js';
import { profitOf } from './portfolio-model.js';
import { groupByOutcome, totalsOf, type PositionGroup, type Totals } from './portfolio-groups.js';
import { HoldingClose } from './portfolio-holding.js';
import { Figure, Heading, OpenPosition, ProfitText } from './portfolio-position.js';
import type { CloseQuote, CloseValue } from './portfolio-quotes.js';
import { useLostCloseIds, usePendingClose } from './pending-writes.js';
import { sumAmounts as total } from '../cents.js';

/**
 * A cash-out the user just made: the positions it closed (one, or a holding's), kept under each of
 * their ids; balanceRead once the balance was read again after it.
 */
export interface Closed {
  positions: Position[];
  balanceRead: boolean;
}

/** Shown for a value that has no close quote yet. */
const UNKNOWN = '—';

const proceedsOf = (valueOf: (id: string) => CloseValue) => (id: string) => {
  const value = valueOf(id);
  // Worth less than a cent: closing it would pay nothing, which is what it adds to the totals.
  if (value.kind === 'too_small') return '0.00';
  return value.kind === 'quoted' ? value.quote.proceeds : null;
};

/**
 * The note after a close, in the place of the position it closed (the user may be far down the list):
 * what it paid, its profit or loss, and the balance once it is read again. It takes the focus the
 * confirm button had, which went with the card, and is scrolled into view if it is not wholly there.
 */
function ClosedNote({ closed }: { closed: Closed }) {
  const { texts, fmt } = useWidget();
  const balance = useSelect((s) => s.balance);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: true }), []);
  // Again when the balance line makes it taller.
  useEffect(() => ref.current?.scrollIntoView({ block: 'nearest' }), [closed.balanceRead]);
  const payout = total(closed.positions.map((p) => p.payout ?? '0'));
  const profit = profitOf(payout, total(closed.positions.map((p) => p.stake)));
  return (
    <li class="card position just-closed" data-position={closed.positions[0]!.id} tabIndex={-1} ref={ref}>
      <div class="note ok" role="status">
        <p>
          {texts.t(
            profit.amount > 0
              ? 'positions.closedProfit'
              : profit.amount < 0
                ? 'positions.closedLoss'
                : 'positions.closedEven',
            {
              proceeds: fmt.money(payout),
              amount: fmt.money(Math.abs(profit.amount)),
            },
          )}
          {balance !== null && closed.balanceRead && (
            <> {texts.t('positions.newBalance', { balance: fmt.money(balance) })}</>
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * Value, stake and profit or loss of some positions; "—" while a value is not quoted yet. For one
 * holding (`price` is its outcome's price now) also the shares, the average and current prices, and what
 * it pays if the outcome wins (`pays`: each position's shares at 1 each, rounded down to the cent, as
 * settlement pays them).
 */
function TotalFigures({ totals, price, pays }: { totals: Totals; price?: string | null; pays?: string }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const holding = price !== undefined;
  return (
    <dl class="figures">
      {holding && <Figure label={t('positions.shares')}>{fmt.shares(totals.shares)}</Figure>}
      {holding && <Figure label={t('positions.avgPrice')}>{fmt.percent(totals.averagePrice)}</Figure>}
      {holding && <Figure label={t('positions.price')}>{price ? fmt.percent(price) : UNKNOWN}</Figure>}
      <Figure label={t('positions.stakeLabel')}>{fmt.money(totals.stake)}</Figure>
      <Figure label={t('positions.value')}>
        <span class="value">{totals.value === null ? UNKNOWN : fmt.money(totals.value)}</span>
      </Figure>
      <Figure label={t('positions.pnlLabel')}>{totals.profit ? <ProfitText profit={totals.profit} /> : UNKNOWN}</Figure>
      {pays !== undefined && (
        <Figure label={t('positions.pays')}>
          <strong>{fmt.money(pays)}</strong>
        </Figure>
      )}
    </dl>
  );
}

/** The totals of every open position, above the list. */
export function PortfolioSummary(props: { open: readonly Position[]; valueOf: (id: string) => CloseValue }) {
  const { texts } = useWidget();
  const totals = totalsOf(props.open, proceedsOf(props.valueOf));
  return (
    <section class="card position summary" aria-label={texts.t('positions.totals')}>
      <h2>{texts.t('positions.totals')}</h2>
      <TotalFigures totals={totals} />
    </section>
  );
}

interface ListProps {
  /** Open positions and those just closed (shown as their ClosedNote), newest first. */
  positions: readonly Position[];
  closed: ReadonlyMap<string, Closed>;
  valueOf: (id: string) => CloseValue;
  onQuote: (quote: CloseQuote) => void;
  onClosed: (closed: Position[]) => void;
  /** Opens a position's market. */
  onOpen?: (slug: string) => void;
}

/** A position inside its holding's card, or the note of the cash-out that closed it (once per cash-out). */
function One(props: Omit<ListProps, 'positions'> & { position: Position }) {
  const closed = props.closed.get(props.position.id);
  if (props.position.state !== 'open')
    return closed && closed.positions[0]!.id === props.position.id ? <ClosedNote closed={closed} /> : null;
  return (
    <OpenPosition
      position={props.position}
      value={props.valueOf(props.position.id)}
      onQuote={props.onQuote}
      onClosed={(position) => props.onClosed([position])}
    />
  );
}

/**
 * Whether a position's own card shows in a folded holding: it was just closed, or its close's answer was
 * lost (it can only be tried again). A close still in flight, the holding's cash-out's, settles by itself.
 */
function Unfolded(props: Omit<ListProps, 'positions'> & { position: Position; expanded: boolean }) {
  const pending = usePendingClose(props.position.id);
  const { expanded, ...rest } = props;
  if (!expanded && props.position.state === 'open' && !(pending && !pending.sending)) return null;
  return <One {...rest} />;
}

/**
 * A holding: the positions on one outcome of one market under one card, with its totals, the price now,
 * what it pays if it wins, its market a click away and one cash-out of the whole (portfolio-holding.tsx);
 * the positions themselves, each with its own cash-out, folded away until asked for.
 */
function Group(props: Omit<ListProps, 'positions'> & { group: PositionGroup }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const [expanded, setExpanded] = useState(false);
  const { group, ...rest } = props;
  const first = group.positions[0]!;
  const price = useSelect(
    (s) =>
      s.markets?.find((m) => m.slug === first.market_slug)?.outcomes.find((o) => o.id === first.outcome_id)?.price ??
      null,
  );
  const open = group.positions.filter((p) => p.state === 'open');
  const totals = totalsOf(open, proceedsOf(props.valueOf));
  // A position whose close's answer was lost is left to that close (shown with Try again below).
  const lost = useLostCloseIds(open.map((p) => p.id));
  const closable = open.filter((p) => !lost.has(p.id));
  const listId = `group-${first.id}`;
  const several = group.positions.length > 1;
  return (
    <li class="card position group" data-group={group.key}>
      <Heading position={open[0] ?? first} onOpen={props.onOpen} />
      {open.length > 0 && <TotalFigures totals={totals} price={price} pays={total(open.map((p) => p.shares))} />}
      {closable.length > 0 && (
        <HoldingClose open={closable} valueOf={props.valueOf} onQuote={props.onQuote} onClosed={props.onClosed} />
      )}
      {several && (
        <button
          type="button"
          class="expand"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('positions.collapse') : t('positions.expand', { count: fmt.number(group.positions.length) })}
        </button>
      )}
      {/* A position just closed, or whose close is pending, stays in view even when the holding is folded. */}
      <ul class="cards rows" id={listId}>
        {group.positions.map((p) => (
          <Unfolded key={p.id} position={p} expanded={expanded && several} {...rest} />
        ))}
      </ul>
    </li>
  );
}

/**
 * The open positions, one card per market and outcome; a holding cashed out whole leaves only the note
 * of its cash-out in its place.
 */
export function OpenPositions(props: ListProps) {
  const { positions, ...rest } = props;
  return (
    <ul class="cards rows">
      {groupByOutcome(positions).map((group) =>
        group.positions.some((p) => p.state === 'open') ? (
          <Group key={group.key} group={group} {...rest} />
        ) : (
          group.positions.map((p) => <One key={p.id} position={p} {...rest} />)
        ),
      )}
    </ul>
  );
}
