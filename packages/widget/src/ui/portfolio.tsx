import { useState } from 'preact/hooks';
import { HISTORY_PAGES, POSITIONS_PAGE, type Position } from '../store.js';
import { useSelect, useWidget } from './context.js';
import { ErrorNote } from './error-note.js';
import { OpenPositions, PortfolioSummary, type Closed } from './portfolio-group.js';
import { groupByOutcome } from './portfolio-groups.js';
import { endedNewestFirst, openNewestFirst } from './portfolio-model.js';
import { EndedPosition } from './portfolio-position.js';
import { useCloseValues } from './portfolio-quotes.js';
import { RowsSkeleton } from './skeleton.js';

/** Holdings shown (and quoted) at first, and how many more each "show more" adds. */
const OPEN_PAGE = 10;
/** Ended positions shown at first, and per "show more". */
const ENDED_PAGE = 20;
/** How long the note of a close stays where its position was before the position moves to Ended. */
export const CLOSED_NOTE_MS = 10_000;

/**
 * The user's positions: the totals of the open ones, then the open ones newest first, one card per
 * market and outcome (a holding, portfolio-group.tsx), with their current value (quoted a page at a time, see portfolio-quotes.ts) and
 * close, then the ended ones with what they came to. A position just closed shows its note in its
 * place for CLOSED_NOTE_MS, so the user sees it where they pressed the button.
 */
export function Portfolio({ onBrowse, onOpen }: { onBrowse?: () => void; onOpen?: (slug: string) => void }) {
  const { store, texts, fmt } = useWidget();
  const t = texts.t;
  const { positions, read } = useSelect((s) => ({ positions: s.positions, read: s.positionsRead }));
  const [openShown, setOpenShown] = useState(OPEN_PAGE);
  const [endedShown, setEndedShown] = useState(ENDED_PAGE);
  const [closed, setClosed] = useState<ReadonlyMap<string, Closed>>(new Map());
  const all = [...positions.values()];
  const open = openNewestFirst(all);
  const ended = endedNewestFirst(all).filter((p) => !closed.has(p.id));
  // The open positions and, in their places, those just closed.
  const listed = all
    .filter((p) => p.state === 'open' || closed.has(p.id))
    .sort((a, b) => b.opened_at.localeCompare(a.opened_at));
  // Paged by holdings, never inside one: a holding's card and its cash-out cover all its positions.
  const holdings = groupByOutcome(listed);
  const shownListed = holdings.slice(0, openShown).flatMap((h) => h.positions);
  const values = useCloseValues(shownListed.filter((p) => p.state === 'open'));

  // One cash-out's note is kept under each position it closed.
  const update = (ids: readonly string[], change: (c: Closed) => Closed | null) =>
    setClosed((before) => {
      const c = before.get(ids[0]!);
      if (!c) return before;
      const next = new Map(before);
      const changed = change(c);
      for (const id of ids) {
        if (changed) next.set(id, changed);
        else next.delete(id);
      }
      return next;
    });
  const onClosed = (positions: Position[]) => {
    const ids = positions.map((p) => p.id);
    const note: Closed = { positions, balanceRead: false };
    setClosed((before) => {
      const next = new Map(before);
      for (const id of ids) next.set(id, note);
      return next;
    });
    for (const position of positions) store.applyPosition(position);
    setTimeout(() => update(ids, () => null), CLOSED_NOTE_MS);
    void store.poll([positions[0]!.market_slug]).then(() => update(ids, (c) => ({ ...c, balanceRead: true })));
  };

  return (
    <section aria-label={t('tab.portfolio')} class="portfolio">
      {read?.error && (
        <ErrorNote error={read.error}>
          <button type="button" onClick={() => void store.loadPositions()}>
            {t('retry')}
          </button>
        </ErrorNote>
      )}
      {read === null && positions.size === 0 && <RowsSkeleton label={t('positions.loading')} />}
      {open.length > 0 && <PortfolioSummary open={open} valueOf={values.valueOf} />}
      {/* A failed read says so with Try again only: "No open positions yet" would be a guess. */}
      {read !== null && !read.error && listed.length === 0 && (
        <div class="empty">
          <p>{t('positions.empty')}</p>
          {onBrowse && (
            <button type="button" class="primary" onClick={onBrowse}>
              {t('positions.browse')}
            </button>
          )}
        </div>
      )}
      {listed.length > 0 && (
        <>
          <h2>{t('positions.open')}</h2>
          <OpenPositions
            positions={shownListed}
            closed={closed}
            valueOf={values.valueOf}
            onQuote={values.remember}
            onClosed={onClosed}
            onOpen={onOpen}
          />
          {holdings.length > openShown && (
            <button type="button" class="more" onClick={() => setOpenShown((n) => n + OPEN_PAGE)}>
              {t('positions.showMore', { count: fmt.number(Math.min(OPEN_PAGE, holdings.length - openShown)) })}
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
