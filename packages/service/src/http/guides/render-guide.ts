import MarkdownIt, { type MarkdownIt as Md, type Token } from 'markdown-it';
import { GUIDE_ORDER } from './guide-files.js';
import { operationHref } from './reference-href.js';

/** Where an operation of the reference is: its page and anchor (`/docs/reference/users#upsert`), by `METHOD /path`. */
export type OperationAnchors = ReadonlyMap<string, string>;

export interface RenderedGuide {
  html: string;
  /** The `##` headings, for the page's table of contents. */
  sections: { id: string; text: string }[];
  /** The first paragraph as plain text, for the list of guides. */
  summary: string;
  /** Links to guides or operations that do not exist (the guides test fails on any). */
  brokenLinks: string[];
}

/**
 * A guide's markdown as HTML. markdown-it with `html: false`: raw HTML in a file is shown as text, never
 * passed through, and link targets are checked by its validateLink (no javascript:, vbscript:, file:).
 * The rewrites: `x.md` → `/docs/guides/x`, `ref:PUT/v1/...` → the operation's reference page, `x.svg` →
 * `/docs/guides/x.svg`, heading anchors as GitHub makes them.
 */
export function renderGuide(source: string, guides: ReadonlySet<string>, operations: OperationAnchors): RenderedGuide {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  const brokenLinks: string[] = [];
  const env = {};
  const tokens = md.parse(source, env);
  const sections: RenderedGuide['sections'] = [];
  const seen = new Map<string, number>();
  let summary = '';
  tokens.forEach((token, i) => {
    if (token.type === 'paragraph_open' && summary === '' && token.level === 0) summary = plainText(tokens[i + 1]);
    if (token.type === 'heading_open') {
      const text = plainText(tokens[i + 1]);
      const id = uniqueSlug(slugOf(text), seen);
      token.attrSet('id', id);
      if (token.tag === 'h2') sections.push({ id, text });
    }
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') {
        const href = String(child.attrGet('href') ?? '');
        const target = linkTarget(href, guides, operations);
        if (!target.ok) brokenLinks.push(href);
        child.attrSet('href', target.href);
      } else if (child.type === 'image') {
        const src = String(child.attrGet('src') ?? '');
        if (/^[a-z0-9-]+\.svg$/.test(src)) child.attrSet('src', `/docs/guides/${src}`);
      }
    }
  });
  labelCells(tokens);
  md.renderer.rules.fence = (all, idx) => fence(all[idx]!, md);
  md.renderer.rules.table_open = (all, idx) =>
    `<div class="table" tabindex="0"><table${all[idx]!.attrGet('class') ? ' class="stack"' : ''}>\n`;
  md.renderer.rules.table_close = () => '</table></div>\n';
  // Long identifiers (idempotency_key_in_progress, /v1/users/{external_user_id}) may break after _ and /.
  md.renderer.rules.code_inline = (all, idx) =>
    `<code>${md.utils.escapeHtml(all[idx]!.content).replace(/([_/])/g, '$1<wbr>')}</code>`;
  return { html: md.renderer.render(tokens, md.options, env), sections, summary, brokenLinks };
}

/**
 * A table of four columns or more gets its header text on each cell (data-label) and the class `stack`:
 * on a phone each row then reads as a card of "header: value" lines instead of a table wider than the screen.
 */
function labelCells(tokens: Token[]) {
  let headers: string[] = [];
  let table: Token | undefined;
  let column = 0;
  tokens.forEach((token, i) => {
    if (token.type === 'table_open') [table, headers] = [token, []];
    else if (token.type === 'th_open') headers.push(plainText(tokens[i + 1]));
    else if (token.type === 'thead_close' && headers.length >= 4) table?.attrSet('class', 'stack');
    else if (token.type === 'tr_open') column = 0;
    else if (token.type === 'td_open') token.attrSet('data-label', headers[column++] ?? '');
  });
}

/** A code block: the language shown above it; `sh run` / `ts run` shown as plain sh / ts. */
function fence(token: Token, md: Md): string {
  const language = token.info.trim().split(/\s+/)[0] ?? '';
  const label = { sh: 'Shell', bash: 'Shell', ts: 'TypeScript', js: 'JavaScript', html: 'HTML', json: 'JSON' }[
    language
  ];
  const safe = /^[a-z0-9-]+$/.test(language) ? language : '';
  // The bar is there for every block: the page's script puts a Copy button in it.
  const head = `<div class="code-label"><span>${label ?? 'Text'}</span></div>`;
  const code = md.utils.escapeHtml(token.content);
  return `<figure class="code">${head}<pre tabindex="0"><code${safe ? ` class="language-${safe}"` : ''}>${code}</code></pre></figure>\n`;
}

/**
 * Where a link goes on the service, and whether it names something that exists: an operation of the
 * document, a guide in docs/guides/, or a guide of the contract's list still being written.
 */
function linkTarget(
  href: string,
  guides: ReadonlySet<string>,
  operations: OperationAnchors,
): { href: string; ok: boolean } {
  const ref = /^ref:([A-Za-z]+)(\/.*)$/.exec(safeDecode(href));
  if (ref) {
    const anchor = operations.get(`${ref[1]!.toUpperCase()} ${ref[2]}`);
    return { href: anchor ?? '/docs/reference', ok: anchor !== undefined };
  }
  const guide = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/.exec(href) ?? /^\/docs\/guides\/([a-z0-9-]+)(#.*)?$/.exec(href);
  if (guide) {
    const [, name, hash = ''] = guide;
    const ok = guides.has(name!) || (GUIDE_ORDER as readonly string[]).includes(name!);
    return { href: `/docs/guides/${name}${hash}`, ok };
  }
  return { href, ok: true };
}

function safeDecode(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

function plainText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline' || t.type === 'softbreak')
    .map((t) => (t.type === 'softbreak' ? ' ' : t.content))
    .join('');
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function uniqueSlug(slug: string, seen: Map<string, number>): string {
  const count = seen.get(slug) ?? 0;
  seen.set(slug, count + 1);
  return count === 0 ? slug : `${slug}-${count}`;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Every operation of an OpenAPI document by `METHOD /path`, with its place in the reference: the page of
 * its operationId's resource and the anchor of its verb (reference-document.ts). One without an operationId
 * has no place, and a guide's link to it counts as broken.
 */
export function operationAnchors(document: { paths?: Record<string, Record<string, { operationId?: string }>> }) {
  const anchors = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method) || !operation.operationId) continue;
      anchors.set(`${method.toUpperCase()} ${path}`, operationHref(operation.operationId));
    }
  }
  return anchors as OperationAnchors;
}
