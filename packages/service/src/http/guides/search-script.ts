import { CODE_QUERY, EXACT_BOOST, SEARCH_OPTIONS, SNIPPET_CHARS } from './search-index.js';

/**
 * The docs' search box, a progressive enhancement of the form in the top bar (its Search button opens
 * /docs/search?q=… without script). With script it answers as one types: the first focus loads the
 * entries (/docs/search.json) and MiniSearch (/docs/minisearch.js, from this origin), then the results
 * show under the box as links, which the arrow keys reach from the box; Escape closes them, "/" focuses the box.
 * Served from /docs/search.js as a module: no inline script (docs/operator-api.md, "Searching the docs").
 */
export const SEARCH_JS = `
const form = document.querySelector('form.search');
const input = form && form.querySelector('input[type=search]');
if (input) {
  const options = ${JSON.stringify(SEARCH_OPTIONS)};
  const list = document.createElement('ul');
  list.id = 'search-results';
  list.className = 'search-results';
  list.setAttribute('aria-label', 'Search results');
  list.hidden = true;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  form.append(list, status);
  input.setAttribute('aria-controls', list.id);
  let index = null;
  let loading = null;
  const load = () =>
    (loading ??= Promise.all([import('/docs/minisearch.js'), fetch('/docs/search.json').then((r) => r.json())]).then(
      ([module, entries]) => {
        index = new module.default(options);
        index.addAll(entries);
      },
    ));
  const snippet = (text, terms) => {
    const lower = text.toLowerCase();
    const found = terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0);
    const start = found.length ? Math.max(0, Math.min(...found) - 40) : 0;
    return (start > 0 ? '…' : '') + text.slice(start, start + ${SNIPPET_CHARS}) + (start + ${SNIPPET_CHARS} < text.length ? '…' : '');
  };
  const links = () => [...list.querySelectorAll('a')];
  const close = () => {
    list.hidden = true;
    status.textContent = '';
  };
  const show = () => {
    const query = input.value.trim();
    if (!index || query === '') return close();
    // An identifier asked whole ranks the entries that spell it whole first (exactBoost, search-index.ts).
    const code = ${CODE_QUERY}.test(query) ? query.toLowerCase() : null;
    const boostDocument = code
      ? (id, term, stored) => (String(stored && stored.text).toLowerCase().includes(code) ? ${EXACT_BOOST} : 1)
      : undefined;
    const hits = index.search(query, { ...options.searchOptions, boostDocument }).slice(0, 8);
    list.replaceChildren(
      ...hits.map((hit) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = hit.url;
        const title = document.createElement('strong');
        title.textContent = hit.title;
        const where = document.createElement('span');
        where.className = 'where';
        where.textContent = hit.where;
        const text = document.createElement('span');
        text.textContent = snippet(hit.text, hit.terms);
        link.append(title, where, text);
        item.append(link);
        return item;
      }),
    );
    if (hits.length === 0) {
      const none = document.createElement('li');
      none.className = 'none';
      none.textContent = 'Nothing found. Press Enter to search every page.';
      list.append(none);
    }
    status.textContent = hits.length === 0 ? 'No results' : hits.length + (hits.length === 1 ? ' result' : ' results') + ', the arrow keys reach them';
    list.hidden = false;
  };
  input.addEventListener('focus', () => void load());
  input.addEventListener('input', () => void load().then(show));
  form.addEventListener('keydown', (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (event.key === 'ArrowDown' && all.length && !list.hidden) {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)].focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : all[at - 1]).focus();
    } else if (event.key === 'Escape') {
      close();
      input.focus();
    }
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget)) close();
  });
  document.addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]');
    if (event.key === '/' && !typing) {
      event.preventDefault();
      input.focus();
    }
  });
}
`;
