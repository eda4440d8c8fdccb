/** @jsxRuntime automatic @jsxImportSource preact */
import { MARKET_STATUSES, type MarketListQuery, type MarketRecord } from '../../domains/markets/index.js';
import type { MarketStatus } from '../../db/schema.js';
import { isPlainText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import { Field, FilterForm, KeysetLinks, pageHref, ScrollTable, SelectField, when } from '../web/shared.js';

/** Markets a page of the list shows. */
export const MARKETS_PAGE = 50;

const STATUS_OPTIONS = [['', 'Any status'], ...MARKET_STATUSES.map((s) => [s, s] as const)] as const;
const MAX_TEXT = 200;

/** The list's filter as the query gave it: the fields to show again, and what is wrong with each. */
export interface MarketListRequest {
  fields: { q?: string; status?: string };
  errors: Record<string, string>;
  /** The keyset position (the last market of the page before), when the link carried a valid one. */
  after: string | null;
  /** The link carried a position that is not a market id. */
  badPosition: boolean;
}

/** Reads /panel/markets?q=…&status=…&after=…; a value that cannot filter is said under its field. */
export function readMarketList(query: Record<string, unknown>): MarketListRequest {
  const fields: MarketListRequest['fields'] = {};
  const errors: Record<string, string> = {};
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  if (q !== '') fields.q = q.slice(0, MAX_TEXT + 1);
  if (q.length > MAX_TEXT) errors.q = `Enter at most ${MAX_TEXT} characters of a slug or a title.`;
  else if (!isPlainText(q)) errors.q = 'Enter text without control characters (a slug or a title has none).';
  const status = typeof query.status === 'string' ? query.status.trim() : '';
  if (status !== '') fields.status = status.slice(0, 40);
  if (status !== '' && !(MARKET_STATUSES as readonly string[]).includes(status)) {
    errors.status = `Choose one of ${MARKET_STATUSES.join(', ')}, or any status.`;
  }
  const after = typeof query.after === 'string' && query.after !== '' ? query.after : null;
  const badPosition = after !== null && !isUuid(after);
  return { fields, errors, after: badPosition ? null : after, badPosition };
}

/** The domain's query, for a request that can filter from where its link says. */
export function marketListQuery(read: MarketListRequest): MarketListQuery {
  return {
    ...(read.fields.q && { text: read.fields.q }),
    ...(read.fields.status && { status: read.fields.status as MarketStatus }),
    ...(read.after && { after: read.after }),
    limit: MARKETS_PAGE + 1,
  };
}

/**
 * The shared markets, newest first, 50 a page: found by part of a slug or title and by status, paged by
 * keyset ("Older markets"), the filter kept across pages and shareable as a link.
 */
export function MarketListSection(props: {
  read: MarketListRequest;
  /** The page's markets and one more (there are older ones), or null: nothing was read. */
  found: readonly MarketRecord[] | null;
}) {
  const { read, found } = props;
  const markets = found?.slice(0, MARKETS_PAGE) ?? [];
  const last = markets.at(-1);
  const more = found !== null && found.length > MARKETS_PAGE && last !== undefined;
  const filtered = Object.keys(read.fields).length > 0;
  return (
    <section aria-labelledby="all">
      <h2 id="all">{read.after ? 'Older markets' : 'All markets, newest first'}</h2>
      <p>
        Tenants' own sandbox test markets are not listed. <a href="#new">New market</a>
      </p>
      <FilterForm action="/panel/markets" label="Find markets" values={read.fields} errors={read.errors}>
        <div class="row">
          <div>
            <Field name="q" label="Slug or title contains" maxLength={MAX_TEXT} size={30} />
          </div>
          <div>
            <SelectField name="status" label="Status" options={STATUS_OPTIONS} />
          </div>
          <button type="submit" class="secondary">
            Find
          </button>
        </div>
        {filtered && (
          <p>
            <a href="/panel/markets">Clear the filter</a>
          </p>
        )}
      </FilterForm>
      {read.badPosition ? (
        <p role="alert">
          That page link is not valid any more:{' '}
          <a href={pageHref('/panel/markets', read.fields)}>start from the newest</a>.
        </p>
      ) : found === null ? (
        <p class="problem" role="alert">
          This filter cannot be used: see the fields marked above.
        </p>
      ) : markets.length === 0 ? (
        <p>
          {read.after
            ? 'No older markets match.'
            : filtered
              ? 'No market matches this filter.'
              : 'No markets yet: create the first one below.'}
        </p>
      ) : (
        <MarketTable markets={markets} />
      )}
      <KeysetLinks
        path="/panel/markets"
        filter={read.fields}
        after={read.after}
        next={more ? last.id : null}
        noun="markets"
      />
    </section>
  );
}

/** On a phone each market is a card, its title first. */
function MarketTable(props: { markets: readonly MarketRecord[] }) {
  return (
    <ScrollTable label="Markets" stack>
      <thead>
        <tr>
          <th scope="col">Market</th>
          <th scope="col">Status</th>
          <th scope="col">Closes</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {props.markets.map((m) => (
          <tr key={m.id}>
            <td data-label="Market">
              <a href={`/panel/markets/${m.slug}`}>{m.title}</a> <code class="nowrap">{m.slug}</code>
            </td>
            <td data-label="Status">{m.status}</td>
            <td data-label="Closes">{when(m.closesAt)}</td>
            <td data-label="Created">{when(m.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
