import type { GuideFile } from './guide-files.js';
import { escapeHtml, shell } from './guide-page.js';
import type { SearchResult } from './search-index.js';

/** /docs/search?q=…: the results of the top bar's search without script, or with it after Enter. */
export function searchPage(
  query: string,
  { results, total }: { results: SearchResult[]; total: number },
  guides: GuideFile[],
): string {
  const asked = query.trim();
  const list = results
    .map(
      (r) =>
        `<li><a href="${escapeHtml(r.url)}"><strong>${escapeHtml(r.title)}</strong><span class="where">${escapeHtml(r.where)}</span><span>${escapeHtml(r.snippet)}</span></a></li>`,
    )
    .join('');
  const said =
    asked === ''
      ? '<p>Type what you are looking for: a field, an error code, a route or a word of a guide.</p>'
      : results.length === 0
        ? `<p>Nothing in the guides or the reference matches <strong>${escapeHtml(asked)}</strong>. Try fewer words, an error code (<code>rate_limited</code>) or a route (<code>/v1/positions</code>), or <a href="/docs/guides">browse the guides</a>.</p>`
        : `<p>${total === 1 ? 'One place matches' : `${total} places match`} <strong>${escapeHtml(asked)}</strong>${total > results.length ? `; the best ${results.length} are below` : ''}.</p><ol class="search-page">${list}</ol>`;
  return shell({
    title: asked === '' ? 'Search' : `Search: ${asked}`,
    current: 'search',
    guides,
    body: `<main id="content" class="guide"><h1>Search the docs</h1>
<form class="search-again" role="search" action="/docs/search"><label for="search-again">Search the guides and the API reference</label><div><input id="search-again" type="search" name="q" value="${escapeHtml(asked)}" autocomplete="off"><button type="submit">Search</button></div></form>
${said}</main>`,
  });
}
