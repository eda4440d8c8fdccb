import MiniSearch, { type SearchOptions } from 'minisearch';
import type { GuideFile } from './guide-files.js';
import { operationHref } from './reference-href.js';
import type { RenderedGuide } from './render-guide.js';

/**
 * The docs' search (docs/operator-api.md, "Searching the docs"): every guide section, reference operation
 * and webhook event as an entry, searched by MiniSearch (prefix and fuzzy matching, ranked by BM25) on the
 * server for /docs/search and in the page with the same entries and options, so both find the same.
 */
export interface SearchEntry {
  id: number;
  url: string;
  /** What the result is called: a section's heading, an operation's summary, an event's type. */
  title: string;
  /** Where it is: the guide's title, or "API reference · <METHOD /path>". */
  where: string;
  text: string;
}

/** The same in the page (search-script.ts) and on the server. */
export const SEARCH_OPTIONS = {
  fields: ['title', 'where', 'text'],
  storeFields: ['url', 'title', 'where', 'text'],
  searchOptions: { boost: { title: 3, where: 1.5 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
} as const;

/** Characters of an entry's text shown under a result. */
export const SNIPPET_CHARS = 160;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const textOf = (html: string) =>
  html
    .replace(/<wbr>/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();

/** A guide's sections, each from its `##` or `###` heading to the next, as the page shows them. */
export function guideEntries(guide: GuideFile, rendered: RenderedGuide): Omit<SearchEntry, 'id'>[] {
  const title = guide.title.replaceAll('`', '');
  const parts = rendered.html.split(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/);
  const entries = [{ url: `/docs/guides/${guide.name}`, title, where: 'Guide', text: textOf(parts[0] ?? '') }];
  for (let i = 1; i + 3 <= parts.length; i += 4) {
    const [, id, heading, body] = parts.slice(i, i + 4);
    entries.push({
      url: `/docs/guides/${guide.name}#${id}`,
      title: textOf(heading!),
      where: title,
      text: textOf(body ?? ''),
    });
  }
  return entries;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post?: Operation }>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
/** Markdown's marks out of a description, for searching and a snippet. */
const plain = (markdown = '') => markdown.replace(/\*\*|`|\[([^\]]*)\]\([^)]*\)/g, (m, text?: string) => text ?? '');

/** Every operation and webhook event of the served document. */
export function referenceEntries(doc: Document): Omit<SearchEntry, 'id'>[] {
  const entries: Omit<SearchEntry, 'id'>[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method) || !operation.operationId) continue;
      entries.push({
        url: operationHref(operation.operationId),
        title: operation.summary ?? `${method.toUpperCase()} ${path}`,
        where: `API reference · ${method.toUpperCase()} ${path} · ${operation.operationId}`,
        text: plain(operation.description),
      });
    }
  }
  for (const [type, item] of Object.entries(doc.webhooks ?? {})) {
    entries.push({
      url: `/docs/reference/webhooks#${type}`,
      title: type,
      where: 'API reference · webhook event',
      text: plain(item.post?.summary ?? '') + ' ' + plain(item.post?.description),
    });
  }
  return entries;
}

export function numbered(entries: Omit<SearchEntry, 'id'>[]): SearchEntry[] {
  return entries.map((entry, id) => ({ id, ...entry }));
}

export type SearchIndex = MiniSearch<SearchEntry>;

export function searchIndex(entries: SearchEntry[]): SearchIndex {
  const index = new MiniSearch<SearchEntry>(SEARCH_OPTIONS as never);
  index.addAll(entries);
  return index;
}

/**
 * A query that is one identifier spelled with underscores (an error code such as idempotency_key_in_progress,
 * a field): the entries that spell it whole rank EXACT_BOOST times higher than those that merely hold its
 * words, which a long section (the errors guide's table of every code) would otherwise lose to short ones.
 * The search box's script applies the same rule (search-script.ts).
 */
export const CODE_QUERY = /^[a-z0-9]+(?:_[a-z0-9]+)+$/i;
export const EXACT_BOOST = 4;

export function exactBoost(query: string): SearchOptions['boostDocument'] {
  const code = query.trim().toLowerCase();
  if (!CODE_QUERY.test(code)) return undefined;
  return (_id, _term, stored) =>
    String(stored?.text ?? '')
      .toLowerCase()
      .includes(code)
      ? EXACT_BOOST
      : 1;
}

export interface SearchResult {
  url: string;
  title: string;
  where: string;
  snippet: string;
}

/** The best `limit` entries for a query (none for a blank one), and how many matched in all. */
export function searchDocs(
  index: SearchIndex,
  query: string,
  limit: number,
): { results: SearchResult[]; total: number } {
  if (query.trim() === '') return { results: [], total: 0 };
  const hits = index.search(query, { boostDocument: exactBoost(query) });
  const results = hits.slice(0, limit).map((hit) => ({
    url: hit.url as string,
    title: hit.title as string,
    where: hit.where as string,
    snippet: snippetOf(hit.text as string, hit.terms),
  }));
  return { results, total: hits.length };
}

/** The text around the first term found, at most SNIPPET_CHARS long. */
export function snippetOf(text: string, terms: readonly string[]): string {
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0), text.length);
  const start = at === text.length ? 0 : Math.max(0, at - 40);
  const cut = text.slice(start, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}
