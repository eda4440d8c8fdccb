/**
 * The guides' one stylesheet, served from /docs/guides.css so the pages' policy can refuse inline
 * styles. Light and dark follow prefers-color-scheme; text and links keep a 4.5:1 contrast on both. The API
 * reference's pages (reference-pages.ts) use it too: their part is at the end, after "The API reference".
 */
export const GUIDES_CSS = `
:root {
  --bg: #ffffff; --text: #1c1f26; --muted: #3b4252; --link: #1f4fbf; --line: #d8dbe2; --soft: #f4f5f7;
  --code-bg: #1c1f26; --code-text: #f4f5f7; --inline-bg: #eef0f4; --accent: #1f4fbf;
  --ok: #1b6b34; --warn: #8a4b00; --err: #b3261e;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #11131a; --text: #e6e8ee; --muted: #b5bccb; --link: #9ab8ff; --line: #2f3542; --soft: #191c24;
    --code-bg: #0b0d12; --code-text: #e6e8ee; --inline-bg: #232733; --accent: #9ab8ff;
    --ok: #7ee2a0; --warn: #ffc07a; --err: #ffb4ab;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.6 system-ui, -apple-system, 'Segoe UI', sans-serif; }
a { color: var(--link); text-underline-offset: 2px; }
a:focus-visible, summary:focus-visible, pre:focus-visible, .table:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 8px; z-index: 2; }
.top { display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 12px 24px;
  border-bottom: 1px solid var(--line); position: sticky; top: 0; background: var(--bg); z-index: 1; }
.brand { font-weight: 700; color: var(--text); text-decoration: none; }
.top nav { display: flex; gap: 20px; }
.top nav a { text-decoration: none; font-weight: 500; }
.top nav a[aria-current='page'] { text-decoration: underline; text-decoration-thickness: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.search { position: relative; flex: 1 1 240px; max-width: 420px; margin: 0 auto 0 8px; }
.search input { width: 100%; font: inherit; font-size: 0.95rem; padding: 6px 12px; border: 1px solid var(--line); border-radius: 8px; background: var(--soft); color: var(--text); }
.search input::placeholder { color: var(--muted); opacity: 1; }
.search input:focus-visible, .search-again input:focus-visible, .search-again button:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
.search-results { position: absolute; left: 0; right: 0; top: calc(100% + 6px); margin: 0; padding: 6px; list-style: none; background: var(--bg);
  border: 1px solid var(--line); border-radius: 10px; box-shadow: 0 8px 24px rgb(0 0 0 / 0.18); max-height: min(70vh, 520px); overflow-y: auto; z-index: 3; }
.search-results li a, .search-page li a { display: block; padding: 8px 10px; border-radius: 6px; text-decoration: none; color: var(--text); }
.search-results [aria-selected='true'] a, .search-results li a:hover, .search-page li a:hover { background: var(--soft); }
.search-results strong, .search-page strong { display: block; color: var(--link); }
.search-results span, .search-page span { display: block; font-size: 0.85rem; color: var(--muted); overflow-wrap: anywhere; }
.search-results .where, .search-page .where { font-size: 0.8rem; }
.search-results .none { padding: 8px 10px; color: var(--muted); }
.search-page { list-style: none; padding: 0; margin: 16px 0; }
.search-page li { border-bottom: 1px solid var(--line); padding: 4px 0; }
.search-again label { display: block; font-weight: 600; margin: 0 0 6px; }
.search-again div { display: flex; gap: 8px; max-width: 560px; }
.search-again input { flex: 1; min-width: 0; font: inherit; padding: 8px 12px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg); color: var(--text); }
.search-again button { font: inherit; font-weight: 600; padding: 8px 16px; border: 0; border-radius: 8px; background: var(--accent); color: var(--bg); cursor: pointer; }
.layout { display: grid; grid-template-columns: 240px minmax(0, 760px) minmax(0, 1fr); gap: 40px; max-width: 1320px; margin: 0 auto; padding: 0 24px; }
.side { position: sticky; top: 58px; align-self: start; max-height: calc(100vh - 58px); overflow-y: auto; padding: 24px 0; }
.side h2, .toc h2 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 0 0 8px; }
.side h2 + ol, .side h2 + ul { margin-bottom: 24px; }
.side ol, .side ul, .menu ol, .toc ul { list-style: none; margin: 0; padding: 0; }
.side li a, .menu li a { display: block; padding: 5px 10px; border-radius: 6px; text-decoration: none; color: var(--text); }
.side li a:hover, .menu li a:hover { background: var(--soft); }
.side a[aria-current='page'], .menu a[aria-current='page'] { background: var(--soft); color: var(--link); font-weight: 600; }
.menu { display: none; }
main { padding: 24px 0 64px; min-width: 0; }
.toc { position: sticky; top: 58px; align-self: start; padding: 24px 0; font-size: 0.9rem; }
.toc li { margin: 0 0 6px; }
.toc a { color: var(--muted); text-decoration: none; }
.toc a:hover { color: var(--link); }
.guide h1 { font-size: 2rem; line-height: 1.25; margin: 8px 0 16px; }
.guide h2 { font-size: 1.4rem; margin: 40px 0 12px; padding-top: 8px; border-top: 1px solid var(--line); }
.guide h3 { font-size: 1.1rem; margin: 28px 0 8px; }
/* An anchored heading or route lands below the sticky top bar (two rows on a phone, with the search). */
main [id] { scroll-margin-top: 72px; }
.guide p, .guide li { max-width: 72ch; }
.guide img { max-width: 100%; height: auto; background: #ffffff; border-radius: 8px; }
.guide blockquote { margin: 16px 0; padding: 8px 16px; border-left: 4px solid var(--accent); background: var(--soft); }
.guide code { font: 0.9em/1.5 ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; background: var(--inline-bg); padding: 1px 5px; border-radius: 4px; overflow-wrap: break-word; }
.code { margin: 16px 0; border-radius: 8px; overflow: hidden; background: var(--code-bg); border: 1px solid var(--line); }
.code-label { display: flex; justify-content: space-between; align-items: center; min-height: 32px; font-size: 0.75rem; color: #c4cad6; padding: 4px 8px 4px 14px; border-bottom: 1px solid #2f3542; }
.copy { font: inherit; color: #e6e8ee; background: transparent; border: 1px solid #4a5263; border-radius: 4px; padding: 2px 10px; cursor: pointer; }
.copy:hover { background: #2f3542; }
.copy:focus-visible { outline: 3px solid #9ab8ff; outline-offset: 1px; }
.code pre { margin: 0; padding: 14px; overflow-x: auto; color: var(--code-text); }
.code pre code { background: none; padding: 0; color: inherit; font-size: 0.85rem; overflow-wrap: normal; white-space: pre; }
.table { overflow-x: auto; margin: 16px 0; }
.guide table { border-collapse: collapse; font-size: 0.92rem; min-width: 100%; }
.guide th, .guide td { text-align: left; vertical-align: top; padding: 8px 10px; border-bottom: 1px solid var(--line); }
.guide th { background: var(--soft); }
.cards { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 16px; }
.cards a { display: block; height: 100%; padding: 16px; border: 1px solid var(--line); border-radius: 8px; text-decoration: none; color: var(--text); }
.cards a:hover { border-color: var(--accent); }
.cards strong { display: block; color: var(--link); margin-bottom: 6px; }
.cards span { color: var(--muted); font-size: 0.92rem; }
.pager { display: flex; justify-content: space-between; gap: 16px; margin-top: 48px; padding-top: 16px; border-top: 1px solid var(--line); }
.pager a { text-decoration: none; display: flex; flex-direction: column; }
.pager a span { font-size: 0.8rem; color: var(--muted); }
.pager .next { text-align: right; margin-left: auto; }
/* The API reference: a route's text and fields beside its samples on a desk, stacked on a phone. */
.layout.wide { grid-template-columns: 220px minmax(0, 1fr); gap: 32px; max-width: 1480px; }
.side .ops { margin: 2px 0 6px 10px; padding-left: 8px; border-left: 1px solid var(--line); font-size: 0.88rem; }
.side .ops a { padding: 3px 8px; color: var(--muted); }
.reference .lead { font-size: 1.1rem; color: var(--muted); }
.reference .muted { color: var(--muted); font-weight: 400; font-size: 0.85em; }
.endpoints { list-style: none; margin: 16px 0 24px; padding: 12px 16px; border: 1px solid var(--line); border-radius: 8px; font-size: 0.9rem; }
.endpoints li { margin: 4px 0; }
.endpoints a { text-decoration: none; }
.endpoints a code, .endpoint code { background: none; padding: 0; color: var(--text); }
.endpoints .muted { display: block; margin-left: 4px; }
.method { display: inline-block; min-width: 3.9em; text-align: center; font: 700 0.72rem/1.6 ui-monospace, Menlo, Consolas, monospace;
  padding: 1px 5px; border-radius: 4px; color: #ffffff; background: #3b4252; vertical-align: 1px; }
.method.get { background: #1b6b34; } .method.post { background: #1f4fbf; } .method.put { background: #6a3fb5; }
.method.delete { background: #b3261e; } .method.patch { background: #8a4b00; }
.resources { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 0 32px; }
.resource h3 { margin: 16px 0 0; }
.resource .endpoints { margin-top: 8px; }
.op { border-top: 1px solid var(--line); padding: 28px 0 12px; }
.guide .op h2 { border-top: 0; margin: 0 0 6px; padding-top: 0; font-size: 1.35rem; }
.op h2 .anchor { color: inherit; text-decoration: none; }
.op h2 .anchor:hover { text-decoration: underline; }
.guide .op h3 { font-size: 1rem; margin: 24px 0 6px; }
.endpoint { margin: 0 0 12px; font-size: 0.95rem; overflow-wrap: anywhere; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 16px; margin: 16px 0; padding: 12px 16px;
  background: var(--soft); border-radius: 8px; font-size: 0.92rem; }
.facts div { display: contents; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; }
.fields, .responses { list-style: none; margin: 0 0 8px; padding: 0; border-top: 1px solid var(--line); }
.fields li, .responses > li { padding: 10px 0; border-bottom: 1px solid var(--line); max-width: none; }
.field.d1 { padding-left: 20px; } .field.d2 { padding-left: 40px; } .field.d3 { padding-left: 60px; }
.field p { margin: 0; }
.field .name { font-weight: 600; background: none; padding: 0; }
.field .type, .field .opt { color: var(--muted); font-size: 0.85rem; }
.field .req { color: var(--err); font-size: 0.8rem; font-weight: 600; }
.field .limits { font-size: 0.9rem; }
.fdesc { font-size: 0.92rem; }
.fdesc p { margin: 2px 0; }
.field .pattern { font-size: 0.78rem; color: var(--muted); overflow-wrap: anywhere; }
.field .pattern code { font-size: 0.95em; }
.status { font: 700 0.9rem ui-monospace, Menlo, Consolas, monospace; margin-right: 6px; }
.status.ok { color: var(--ok); } .status.client { color: var(--warn); } .status.server { color: var(--err); }
.codes { list-style: none; margin: 4px 0 0; padding: 0; font-size: 0.9rem; }
.codes li { margin: 3px 0; }
.samples { margin: 0 0 16px; }
.langs { border: 0; margin: 0; padding: 0; display: flex; gap: 2px; min-width: 0; }
.langs legend, .langs input { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.langs label { padding: 5px 14px; border-radius: 6px 6px 0 0; cursor: pointer; color: var(--muted); font-size: 0.88rem; font-weight: 500; }
.langs input:checked + label { background: var(--code-bg); color: var(--code-text); }
.langs input:focus-visible + label { outline: 3px solid var(--accent); outline-offset: -3px; }
.samples .code { display: none; margin-top: 0; border-top-left-radius: 0; }
.samples:has(input[value='sh']:checked) .code[data-lang='sh'],
.samples:has(input[value='ts']:checked) .code[data-lang='ts'],
.samples:has(input[value='python']:checked) .code[data-lang='python'] { display: block; }
.op-side .code pre { max-height: 460px; overflow: auto; }
@media (min-width: 1100px) {
  .op { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 32px; }
  .op-side { position: sticky; top: 72px; align-self: start; }
}
@media (max-width: 1180px) {
  .layout { grid-template-columns: 220px minmax(0, 1fr); }
  .toc { display: none; }
}
@media (max-width: 800px) {
  .top { padding: 10px 16px; flex-wrap: wrap; row-gap: 8px; }
  .search { order: 3; flex-basis: 100%; max-width: none; margin: 0; }
  main [id] { scroll-margin-top: 120px; }
  .layout.wide { display: block; }
  .resources { grid-template-columns: minmax(0, 1fr); }
  .facts { grid-template-columns: minmax(0, 1fr); gap: 2px; }
  .facts div + div dt { margin-top: 8px; }
  .top nav { gap: 14px; }
  .layout { display: block; padding: 0 16px; }
  .side { display: none; }
  .menu { display: block; margin: 12px 0 0; border: 1px solid var(--line); border-radius: 8px; }
  .menu summary { padding: 10px 12px; cursor: pointer; font-weight: 600; }
  .menu ol { padding: 0 6px 8px; }
  .guide h1 { font-size: 1.6rem; }
  .pager { flex-direction: column; }
  .guide table.stack, .guide table.stack tbody, .guide table.stack tr, .guide table.stack td { display: block; }
  .guide table.stack thead { display: none; }
  .guide table.stack tr { border: 1px solid var(--line); border-radius: 8px; margin: 0 0 12px; padding: 6px 0; }
  .guide table.stack td { border: 0; padding: 4px 12px; }
  .guide table.stack td::before { content: attr(data-label); display: block; font-size: 0.75rem; font-weight: 600;
    text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
}
`;
