import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';
import { precompress, type Precompressed } from '../../lib/precompress.js';
import { GUIDE_NAME, readGuides } from '../guides/guide-files.js';
import { operationAnchors, renderGuide } from '../guides/render-guide.js';
import {
  guideEntries,
  numbered,
  referenceEntries,
  searchDocs,
  searchIndex,
  type SearchEntry,
  type SearchIndex,
} from '../guides/search-index.js';
import { searchPage } from '../guides/search-page.js';
import { SEARCH_JS } from '../guides/search-script.js';
import { sendPrecompressed } from '../precompressed.js';
import { html } from './guides.js';

/** MiniSearch's browser module, served from this origin as the guides' policy asks (script-src 'self'). */
const MINISEARCH = createRequire(import.meta.url)
  .resolve('minisearch')
  .replace(/cjs\/index\.cjs$/, 'es/index.js');

/** Results /docs/search shows at most. */
const PAGE_RESULTS = 30;
/** A query is cut to this many characters: longer ones find nothing more and cost more. */
const MAX_QUERY = 200;

/**
 * The docs' search (docs/operator-api.md, "Searching the docs"): the entries of every guide section and
 * reference operation, made once per process; /docs/search answers a query on the server, the top bar's
 * script answers it in the page from /docs/search.json.
 */
export function docsSearchRoutes(): FastifyPluginAsync {
  return async (app) => {
    const meta = { config: { meta: { tier: 'public', credential: 'none' } }, schema: { hide: true } } as const;
    let guidesRead: ReturnType<typeof readGuides> | undefined;
    const guidesOnce = () => (guidesRead ??= readGuides());
    let made: Promise<{ entries: SearchEntry[]; index: SearchIndex; json: Precompressed }> | undefined;
    const searchOnce = () =>
      (made ??= (async () => {
        const guides = (await guidesOnce()).filter((g) => GUIDE_NAME.test(g.name));
        const names = new Set(guides.map((g) => g.name));
        const anchors = operationAnchors(app.swagger() as never);
        const entries = numbered([
          ...guides.flatMap((g) => guideEntries(g, renderGuide(g.source, names, anchors))),
          ...referenceEntries(app.swagger() as never),
        ]);
        const json = await precompress(Buffer.from(JSON.stringify(entries)));
        return { entries, index: searchIndex(entries), json };
      })());
    let library: Promise<Precompressed> | undefined;

    app.get('/docs/search.json', meta, async (request, reply) => {
      const { json } = await searchOnce();
      reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache');
      return sendPrecompressed(request, reply, json);
    });

    app.get('/docs/minisearch.js', meta, async (request, reply) => {
      const file = await (library ??= readFile(MINISEARCH).then(precompress));
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache');
      return sendPrecompressed(request, reply, file);
    });

    app.get('/docs/search.js', meta, async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(SEARCH_JS),
    );

    app.get<{ Querystring: { q?: unknown } }>('/docs/search', meta, async (request, reply) => {
      const q = typeof request.query.q === 'string' ? request.query.q.slice(0, MAX_QUERY) : '';
      const { index } = await searchOnce();
      return html(reply, 200, searchPage(q, searchDocs(index, q, PAGE_RESULTS), await guidesOnce()));
    });
  };
}
