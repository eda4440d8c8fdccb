/**
 * Grey blocks in the shape of what is coming (UX: "a skeleton of the real layout, never a blank
 * area"), announced as busy, for the market list, the portfolio and the leaderboard. Their bones are
 * styled in the first view's sheet (market-styles.ts), so a view of the later chunk can show one too.
 * The wrapper's class is not `.skeleton`: the ticket's sheet gives that name to an inline figure.
 */

/** `label` is the words for screen readers, when the texts are loaded. */
export function CardsSkeleton({ label, cards = 4 }: { label?: string; cards?: number }) {
  return (
    <div class="skeleton-view" aria-busy="true" role="status" aria-label={label}>
      <div class="bone bar-line" />
      <Cards count={cards} />
    </div>
  );
}

function Cards({ count, rows }: { count: number; rows?: boolean }) {
  return (
    <ul class={rows ? 'cards rows' : 'cards'} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} class="card bone-card">
          <span class="bone title-line" />
          <span class="bone short-line" />
        </li>
      ))}
    </ul>
  );
}

/** The portfolio's cards, one under another, while the positions are read. */
export function RowsSkeleton({ label, cards = 3 }: { label: string; cards?: number }) {
  return (
    <div class="skeleton-view" aria-busy="true" role="status" aria-label={label}>
      <Cards count={cards} rows />
    </div>
  );
}

/** Rows of a table of `columns` columns (the last one numeric), inside the real table head. */
export function TableSkeleton({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <tbody aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} class="bone-row">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} class={c === columns - 1 ? 'num' : undefined}>
              <span class={c === 1 ? 'bone title-line' : 'bone short-line'} />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
