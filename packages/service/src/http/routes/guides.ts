import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { GUIDE_NAME, GUIDES_DIR, readGuides, SDK_README, titleOf } from '../guides/guide-files.js';
import { guidePage, guidesIndexPage, missingGuidePage } from '../guides/guide-page.js';
import { GUIDES_CSS } from '../guides/guides-css.js';
import { GUIDES_JS } from '../guides/guides-script.js';
import { operationAnchors, renderGuide, type OperationAnchors } from '../guides/render-guide.js';

/**
 * The guides (issue 29): docs/guides/*.md rendered here by markdown-it, each at /docs/guides/<name> beside
 * the reference at /docs/reference. The pages take their one stylesheet and one small script (Copy buttons) from this
 * origin and run nothing inline.
 */
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  // The search box reads its entries (/docs/search.json) and its form goes to /docs/search.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A diagram is drawn, never run: its own policy forbids scripts even when it is opened by itself. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-cache')
    .send(body);
}

/** Where each operation of the served document is in the reference, made once per app (the document is fixed). */
function anchorsOf(app: FastifyInstance): () => OperationAnchors {
  let anchors: OperationAnchors | undefined;
  return () => (anchors ??= operationAnchors(app.swagger() as never));
}

/**
 * Each page made once per process: the files ship with the service and do not change while it runs, and
 * these public pages have no rate limit, so a flood of them must not cost a render each (~30 ms for the list).
 */
export function pageCache() {
  const pages = new Map<string, Promise<{ status: number; body: string }>>();
  return (key: string, make: () => Promise<{ status: number; body: string }>) => {
    let page = pages.get(key);
    if (!page) pages.set(key, (page = make()));
    return page;
  };
}

export function guidesRoutes(): FastifyPluginAsync {
  return async (app) => {
    const meta = { config: { meta: { tier: 'public', credential: 'none' } }, schema: { hide: true } } as const;
    const anchors = anchorsOf(app);
    const cached = pageCache();
    let files: ReturnType<typeof readGuides> | undefined;
    const guidesOnce = () => (files ??= readGuides());

    app.get('/docs/guides.css', meta, async (_request, reply) =>
      reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'no-cache').send(GUIDES_CSS),
    );

    app.get('/docs/guides.js', meta, async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(GUIDES_JS),
    );

    app.get('/docs/guides', meta, async (_request, reply) => {
      const page = await cached('index', async () => {
        const guides = await guidesOnce();
        const names = new Set(guides.map((g) => g.name));
        const summaries = new Map(guides.map((g) => [g.name, renderGuide(g.source, names, anchors()).summary]));
        return { status: 200, body: guidesIndexPage(guides, summaries) };
      });
      return html(reply, page.status, page.body);
    });

    // The SDK's README, the same text npm shows for @pm/sdk, so the reference can link it.
    app.get('/docs/sdk', meta, async (_request, reply) => {
      const page = await cached('sdk', async () => {
        const guides = await guidesOnce();
        const source = await readFile(SDK_README, 'utf8').catch(() => undefined);
        if (source === undefined) return { status: 404, body: missingGuidePage('sdk', guides) };
        const readme = { name: 'sdk', title: titleOf('@pm/sdk', source), source };
        const rendered = renderGuide(source, new Set(guides.map((g) => g.name)), anchors());
        return { status: 200, body: guidePage(readme, rendered, guides) };
      });
      return html(reply, page.status, page.body);
    });

    app.get<{ Params: { name: string } }>('/docs/guides/:name', meta, async (request, reply) => {
      const { name } = request.params;
      const svg = /^([a-z0-9-]+)\.svg$/.exec(name);
      if (svg) {
        const file = await readFile(`${GUIDES_DIR}${svg[1]}.svg`).catch(() => undefined);
        if (file)
          return reply
            .header('content-type', 'image/svg+xml')
            .header('content-security-policy', SVG_POLICY)
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'no-cache')
            .send(file);
      }
      // Only guides' pages are kept, so what is stored is bounded by the files, whatever names are asked.
      const guides = await guidesOnce();
      const guide = GUIDE_NAME.test(name) ? guides.find((g) => g.name === name) : undefined;
      if (!guide) return html(reply, 404, missingGuidePage(name, guides));
      const page = await cached(`guide:${name}`, async () => {
        const rendered = renderGuide(guide.source, new Set(guides.map((g) => g.name)), anchors());
        return { status: 200, body: guidePage(guide, rendered, guides) };
      });
      return html(reply, page.status, page.body);
    });
  };
}
