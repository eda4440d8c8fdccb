import { useState } from 'preact/hooks';
import { HISTORY_PAGES, POSITIONS_PAGE, type Position } from '../store.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { endedNewestFirst, openNewestFirst, profitOf } from './portfolio-model.js';
import { EndedPosition, OpenPosition } from './portfolio-position.js';
import { useCloseValues } from './portfolio-quotes.js';

/** Open positions shown (and quoted) at first, and how many more each "show more" adds. */
const OPEN_PAGE = 10;
/** Ended positions shown at first, and per "show more". */
const ENDED_PAGE = 20;

/** A placeholder in the shape of the position cards while the first read runs. */
function Skeleton() {
  const { texts } = useWidget();
  return (
    <div aria-busy="true">
      <p class="visually-hidden" role="status">
        {texts.t('positions.loading')}
      </p>
      <ul class="cards rows" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} class="card position skeleton">
            <span class="skeleton-text wide" />
            <span class="skeleton-text" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A close the user just made; balanceRead once the balance was read again after it. */
interface Closed {
  position: Position;
  balanceRead: boolean;
}

/** The note after a close: what it paid, its profit or loss, and the balance once it is read again. */
function ClosedNote({ closed }: { closed: Closed }) {
  const { texts, fmt } = useWidget();
  const balance = useSelect((s) => s.balance);
  const payout = closed.position.payout ?? '0';
  const profit = profitOf(payout, closed.position.stake);
  return (
    <div class="note ok" role="status">
      <p>
        {texts.t('positions.closed', { proceeds: fmt.money(payout), pnl: fmt.signedMoney(profit.amount) })}
        {balance !== null && closed.balanceRead && (
          <> {texts.t('positions.newBalance', { balance: fmt.money(balance) })}</>
        )}
      </p>
    </div>
  );
}

/**
 * The user's positions: the open ones newest first with their current value (quoted a page at a time,
 * see portfolio-quotes.ts) and close, then the ended ones with what they came to.
 */
export function Portfolio({ onBrowse }: { onBrowse?: () => void }) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const { positions, read } = useSelect((s) => ({ positions: s.positions, read: s.positionsRead }));
  const [openShown, setOpenShown] = useState(OPEN_PAGE);
  const [endedShown, setEndedShown] = useState(ENDED_PAGE);
  const [closed, setClosed] = useState<Closed | null>(null);
  const open = openNewestFirst(positions.values());
  const ended = endedNewestFirst(positions.values());
  const shownOpen = open.slice(0, openShown);
  const values = useCloseValues(shownOpen);

  const onClosed = (position: Position) => {
    setClosed({ position, balanceRead: false });
    store.applyPosition(position);
    void store
      .poll([position.market_slug])
      .then(() => setClosed((c) => (c?.position.id === position.id ? { ...c, balanceRead: true } : c)));
  };

  return (
    <section aria-label={t('tab.portfolio')} class="portfolio">
      {closed && <ClosedNote closed={closed} />}
      {read?.error && (
        <ErrorNote error={read.error}>
          <button type="button" onClick={() => void store.loadPositions()}>
            {t('retry')}
          </button>
        </ErrorNote>
      )}
      {read === null && positions.size === 0 && <Skeleton />}
      {read !== null && open.length === 0 && (
        <div class="empty">
          <p>{t('positions.empty')}</p>
          {onBrowse && (
            <button type="button" class="primary" onClick={onBrowse}>
              {t('positions.browse')}
            </button>
          )}
        </div>
      )}
      {open.length > 0 && (
        <>
          <h2>{t('positions.open')}</h2>
          <ul class="cards rows">
            {shownOpen.map((p) => (
              <OpenPosition
                key={p.id}
                position={p}
                value={values.valueOf(p.id)}
                onQuote={values.remember}
                onClosed={onClosed}
              />
            ))}
          </ul>
          {open.length > openShown && (
            <button type="button" class="more" onClick={() => setOpenShown((n) => n + OPEN_PAGE)}>
              {t('positions.showMore', { count: fmt.number(Math.min(OPEN_PAGE, open.length - openShown)) })}
            </button>
          )}
        </>
      )}
      {ended.length > 0 && (
        <>
          <h2>{t('positions.ended')}</h2>
          <ul class="cards rows">
            {ended.slice(0, endedShown).map((p) => (
              <EndedPosition key={p.id} position={p} />
            ))}
          </ul>
          {ended.length > endedShown && (
            <button type="button" class="more" onClick={() => setEndedShown((n) => n + ENDED_PAGE)}>
              {t('positions.showMore', { count: fmt.number(Math.min(ENDED_PAGE, ended.length - endedShown)) })}
            </button>
          )}
          {read?.capped && (
            <p class="muted">{t('positions.capped', { count: fmt.number(HISTORY_PAGES * POSITIONS_PAGE) })}</p>
          )}
        </>
      )}
    </section>
  );
}
