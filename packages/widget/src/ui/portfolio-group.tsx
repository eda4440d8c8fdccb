import { useEffect, useRef, useState } from 'preact/hooks';
import type { Position } from '../store.js';
import { useSelect, useWidget } from './context.js';
import { profitOf } from './portfolio-model.js';
import { groupByOutcome, totalsOf, type PositionGroup, type Totals } from './portfolio-groups.js';
import { Figure, Heading, OpenPosition, ProfitText } from './portfolio-position.js';
import type { CloseQuote, CloseValue } from './portfolio-quotes.js';

/** A close the user just made; balanceRead once the balance was read again after it. */
export interface Closed {
  position: Position;
  balanceRead: boolean;
}

/** Shown for a value that has no close quote yet. */
const UNKNOWN = '—';

const proceedsOf = (valueOf: (id: string) => CloseValue) => (id: string) => {
  const value = valueOf(id);
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
  const payout = closed.position.payout ?? '0';
  const profit = profitOf(payout, closed.position.stake);
  return (
    <li class="card position just-closed" data-position={closed.position.id} tabIndex={-1} ref={ref}>
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

/** Value, stake and profit or loss of some positions; "—" while a value is not quoted yet. */
function TotalFigures({ totals, shares }: { totals: Totals; shares: boolean }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  return (
    <dl class="figures">
      {shares && <Figure label={t('positions.shares')}>{fmt.number(totals.shares)}</Figure>}
      {shares && <Figure label={t('positions.avgPrice')}>{fmt.percent(totals.averagePrice)}</Figure>}
      <Figure label={t('positions.stakeLabel')}>{fmt.money(totals.stake)}</Figure>
      <Figure label={t('positions.value')}>
        <span class="value">{totals.value === null ? UNKNOWN : fmt.money(totals.value)}</span>
      </Figure>
      <Figure label={t('positions.pnlLabel')}>{totals.profit ? <ProfitText profit={totals.profit} /> : UNKNOWN}</Figure>
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
      <TotalFigures totals={totals} shares={false} />
    </section>
  );
}

interface ListProps {
  /** Open positions and those just closed (shown as their ClosedNote), newest first. */
  positions: readonly Position[];
  closed: ReadonlyMap<string, Closed>;
  valueOf: (id: string) => CloseValue;
  onQuote: (quote: CloseQuote) => void;
  onClosed: (closed: Position) => void;
}

function One(props: Omit<ListProps, 'positions'> & { position: Position; inGroup?: boolean }) {
  const closed = props.closed.get(props.position.id);
  if (props.position.state !== 'open') return closed ? <ClosedNote closed={closed} /> : null;
  return (
    <OpenPosition
      position={props.position}
      inGroup={props.inGroup}
      value={props.valueOf(props.position.id)}
      onQuote={props.onQuote}
      onClosed={props.onClosed}
    />
  );
}

/**
 * Positions on one outcome of one market under one card: their totals, and the positions themselves
 * with their Close buttons, folded away until asked for.
 */
function Group(props: Omit<ListProps, 'positions'> & { group: PositionGroup }) {
  const { texts, fmt } = useWidget();
  const t = texts.t;
  const [expanded, setExpanded] = useState(false);
  const { group, ...rest } = props;
  const open = group.positions.filter((p) => p.state === 'open');
  const totals = totalsOf(open, proceedsOf(props.valueOf));
  const listId = `group-${group.positions[0]!.id}`;
  return (
    <li class="card position group" data-group={group.key}>
      <Heading position={group.positions[0]!} />
      {open.length > 0 && <TotalFigures totals={totals} shares />}
      <button
        type="button"
        class="expand"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? t('positions.collapse') : t('positions.expand', { count: fmt.number(group.positions.length) })}
      </button>
      {/* A position just closed stays in view even when the group is folded. */}
      <ul class="cards rows" id={listId}>
        {group.positions
          .filter((p) => expanded || p.state !== 'open')
          .map((p) => (
            <One key={p.id} position={p} inGroup {...rest} />
          ))}
      </ul>
    </li>
  );
}

/** The open positions, one card per market and outcome (a single position keeps its own card). */
export function OpenPositions(props: ListProps) {
  const { positions, ...rest } = props;
  return (
    <ul class="cards rows">
      {groupByOutcome(positions).map((group) =>
        group.positions.length === 1 ? (
          <One key={group.key} position={group.positions[0]!} {...rest} />
        ) : (
          <Group key={group.key} group={group} {...rest} />
        ),
      )}
    </ul>
  );
}
