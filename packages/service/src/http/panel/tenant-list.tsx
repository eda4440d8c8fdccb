/** @jsxRuntime automatic @jsxImportSource preact */
import type { TenantRow } from '../../domains/tenants/index.js';
import { isPlainText } from '../../lib/text.js';
import { isUuid } from '../../lib/uuid.js';
import { KeysetLinks, pageHref, ScrollTable, when } from '../web/shared.js';

/** Tenants a page of the list shows. */
export const TENANTS_PAGE = 50;

/** The list's query as the link gave it. */
export interface TenantListRequest {
  name: string;
  /** PostgreSQL text holds no NUL: a name with a control character is refused, not read. */
  plain: boolean;
  /** The keyset position (the last tenant of the page before), when the link carried a valid one. */
  after: string | null;
  badPosition: boolean;
}

/** Reads /panel/tenants?name=…&after=…. */
export function readTenantList(query: Record<string, unknown>): TenantListRequest {
  const name = typeof query.name === 'string' ? query.name.slice(0, 200) : '';
  const after = typeof query.after === 'string' && query.after !== '' ? query.after : null;
  const badPosition = after !== null && !isUuid(after);
  return { name, plain: isPlainText(name), after: badPosition ? null : after, badPosition };
}

/** Whether the request can be read: a plain name and a valid position. */
export const canList = (read: TenantListRequest) => read.plain && !read.badPosition;

/**
 * The tenants, newest first, 50 a page: found by part of the name, paged by keyset ("Older tenants"), the
 * name kept across pages. `found` holds the page and one more when there are older ones.
 */
export function TenantListSection(props: { read: TenantListRequest; found: readonly TenantRow[] }) {
  const { read, found } = props;
  const tenants = found.slice(0, TENANTS_PAGE);
  const last = tenants.at(-1);
  const more = found.length > TENANTS_PAGE && last !== undefined;
  return (
    <section aria-labelledby="find">
      <h2 id="find">{read.after ? 'Older tenants' : 'Find'}</h2>
      <form method="get" action="/panel/tenants" class="row" role="search">
        <div>
          <label for="name">Name contains</label>
          <input
            id="name"
            name="name"
            value={read.name}
            {...(!read.plain && { 'aria-invalid': 'true', 'aria-describedby': 'name-error' })}
          />
          {!read.plain && (
            <p class="field-error" id="name-error">
              Enter a name without control characters.
            </p>
          )}
        </div>
        <button type="submit" class="secondary">
          Find
        </button>
      </form>
      {read.badPosition ? (
        <p role="alert">
          That page link is not valid any more:{' '}
          <a href={pageHref('/panel/tenants', { name: read.name })}>start from the newest</a>.
        </p>
      ) : tenants.length > 0 ? (
        <ScrollTable label="Tenants">
          <caption class="skip">Tenants, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {tenants.map((t) => (
              <tr key={t.id}>
                <td>
                  <a href={`/panel/tenants/${t.id}`}>{t.name}</a>
                </td>
                <td>{t.status}</td>
                <td>{when(t.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : (
        read.plain && <p>{read.after ? 'No older tenants match.' : 'No tenant matches.'}</p>
      )}
      <KeysetLinks
        path="/panel/tenants"
        filter={{ name: read.name }}
        after={read.after}
        next={more ? last.id : null}
        noun="tenants"
      />
    </section>
  );
}
