import type { GuideFile } from './guide-files.js';
import type { RenderedGuide } from './render-guide.js';

/** Text for HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A guide's title without markdown code marks, for navigation and the page title. */
const titleText = (title: string) => title.replaceAll('`', '');

/**
 * The page around a guide or a reference page: the top bar, the sidebar (the guides', or on the reference
 * its resources), the phone's menu and the one stylesheet and script. `reference` makes it a reference page,
 * two columns wide so that a route's samples can sit beside it (docs/operator-api.md, "The API reference").
 */
export function shell(options: {
  title: string;
  current?: string;
  guides: GuideFile[];
  body: string;
  reference?: { nav: string; menu: string };
}): string {
  const { title, current, guides, reference } = options;
  const item = (g: GuideFile) =>
    `<li><a href="/docs/guides/${g.name}"${g.name === current ? ' aria-current="page"' : ''}>${escapeHtml(titleText(g.title))}</a></li>`;
  const list = `<ol>${guides.map(item).join('')}</ol>`;
  const side = reference
    ? `<nav class="side" aria-label="API reference"><h2>API reference</h2>${reference.nav}<h2>More</h2><ul><li><a href="/docs/guides">Guides</a></li><li><a href="/docs/sdk">SDK: <code>@pm/sdk</code></a></li><li><a href="/v1/openapi.json">OpenAPI document</a></li></ul></nav>
<details class="menu"><summary>All resources</summary><nav aria-label="All resources">${reference.menu}</nav></details>`
    : `<nav class="side" aria-label="Guides"><h2>Guides</h2>${list}<h2>Reference</h2><ul><li><a href="/docs/reference">API reference</a></li><li><a href="/docs/sdk"${current === 'sdk' ? ' aria-current="page"' : ''}>SDK: <code>@pm/sdk</code></a></li><li><a href="/v1/openapi.json">OpenAPI document</a></li></ul></nav>
<details class="menu"><summary>All guides</summary><nav aria-label="All guides">${list}</nav></details>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(titleText(title))} · Operator docs</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/guides.css">
<script src="/docs/guides.js" defer></script>
<script src="/docs/search.js" type="module"></script>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="top">
<a class="brand" href="/docs/guides">Operator docs</a>
<form class="search" role="search" action="/docs/search"><label class="visually-hidden" for="docs-search">Search the docs</label><input id="docs-search" type="search" name="q" placeholder="Search the docs" autocomplete="off" spellcheck="false"></form>
<nav aria-label="Documentation"><a href="/docs/guides"${current === undefined && !reference ? ' aria-current="page"' : ''}>Guides</a><a href="/docs/reference"${reference ? ' aria-current="page"' : ''}>API reference</a></nav>
</header>
<div class="layout${reference ? ' wide' : ''}">
${side}
${options.body}
</div>
</body>
</html>
`;
}

/** One guide: its article, what is on the page, and the guides before and after it. */
export function guidePage(guide: GuideFile, rendered: RenderedGuide, guides: GuideFile[]): string {
  // The SDK's README is no guide: no previous and next around it.
  const at = guides.findIndex((g) => g.name === guide.name);
  const link = (g: GuideFile | undefined, rel: string) =>
    g
      ? `<a class="${rel}" href="/docs/guides/${g.name}"><span>${rel === 'prev' ? 'Previous' : 'Next'}</span>${escapeHtml(titleText(g.title))}</a>`
      : '<span></span>';
  const toc =
    rendered.sections.length >= 3
      ? `<nav class="toc" aria-label="On this page"><h2>On this page</h2><ul>${rendered.sections
          .map((s) => `<li><a href="#${escapeHtml(s.id)}">${escapeHtml(s.text)}</a></li>`)
          .join('')}</ul></nav>`
      : '';
  const body = `<main id="content">
<article class="guide">
${rendered.html}
</article>
${at === -1 ? '' : `<footer class="pager">${link(guides[at - 1], 'prev')}${link(guides[at + 1], 'next')}</footer>`}
</main>
${toc}`;
  return shell({ title: guide.title, current: guide.name, guides, body });
}

/** The first sentence of a paragraph, for a card: a period followed by a space ends it. */
export function firstSentence(text: string): string {
  const end = /[.!?](\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

/** /docs/guides: every guide with the first sentence of its first paragraph, and the way to the reference. */
export function guidesIndexPage(guides: GuideFile[], summaries: ReadonlyMap<string, string>): string {
  const cards = guides
    .map(
      (g) =>
        `<li><a href="/docs/guides/${g.name}"><strong>${escapeHtml(titleText(g.title))}</strong><span>${escapeHtml(firstSentence(summaries.get(g.name) ?? ''))}</span></a></li>`,
    )
    .join('');
  const body = `<main id="content">
<article class="guide">
<h1>Operator guides</h1>
<p>How to integrate prediction markets into your product: start with the <a href="/docs/guides/quickstart">quickstart</a>, then read the guide of each part you build. Every field, route and error code is in the <a href="/docs/reference">API reference</a>; the TypeScript client is the <code>@pm/sdk</code> package.</p>
<ul class="cards">${cards}</ul>
</article>
</main>`;
  return shell({ title: 'Guides', guides, body });
}

/** The 404 of a guide that does not exist. */
export function missingGuidePage(name: string, guides: GuideFile[]): string {
  const body = `<main id="content">
<article class="guide">
<h1>No such guide</h1>
<p>There is no guide named <code>${escapeHtml(name)}</code>. The guides are listed beside this text${guides.length ? '' : ' (none is published yet)'}; the <a href="/docs/reference">API reference</a> has every route.</p>
</article>
</main>`;
  return shell({ title: 'No such guide', current: '', guides, body });
}
