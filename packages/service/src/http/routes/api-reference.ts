import type { FastifyPluginAsync } from 'fastify';
import { readGuides } from '../guides/guide-files.js';
import { dereferenced, referenceResources, type ReferenceDocument } from '../guides/reference-document.js';
import { missingReferencePage, referenceIndexPage, referenceResourcePage } from '../guides/reference-pages.js';
import { guidesRoutes, html, pageCache } from './guides.js';

/**
 * The API reference (docs/operator-api.md, "The API reference"): the served OpenAPI document (the object
 * /v1/openapi.json answers) rendered here as HTML, an index at /docs/reference and one page per resource
 * at /docs/reference/<resource>, in the guides' layout, stylesheet and policy (no inline script, nothing
 * from another origin). Each page is made on its first request and kept for the process: the document is
 * fixed while it runs, and these public pages have no rate limit. /docs, the reference's old address,
 * sends a reader to the index, whose script takes an old anchor (`/docs#tag/…`) on to its operation.
 */
export function apiReferenceRoutes(): FastifyPluginAsync {
  return async (app) => {
    await app.register(guidesRoutes());
    const meta = { config: { meta: { tier: 'public', credential: 'none' } }, schema: { hide: true } } as const;
    const cached = pageCache();
    let made: ReturnType<typeof readGuides> | undefined;
    const guidesOnce = () => (made ??= readGuides());
    let resources: ReturnType<typeof referenceResources> | undefined;
    let document: ReferenceDocument | undefined;
    const doc = () => (document ??= dereferenced(app.swagger() as unknown as ReferenceDocument));
    const resourcesOnce = () => (resources ??= referenceResources(doc()));

    app.get('/docs', meta, async (_request, reply) => reply.redirect('/docs/reference', 302));

    app.get('/docs/reference', meta, async (_request, reply) => {
      const page = await cached('reference', async () => ({
        status: 200,
        body: referenceIndexPage(doc(), resourcesOnce(), await guidesOnce()),
      }));
      return html(reply, page.status, page.body);
    });

    app.get<{ Params: { resource: string } }>('/docs/reference/:resource', meta, async (request, reply) => {
      // Only the document's resources are kept, so what is stored is bounded whatever names are asked.
      const resource = resourcesOnce().find((r) => r.slug === request.params.resource);
      if (!resource) return html(reply, 404, missingReferencePage(resourcesOnce(), await guidesOnce()));
      const page = await cached(`reference:${resource.slug}`, async () => ({
        status: 200,
        body: referenceResourcePage(resource, doc(), resourcesOnce(), await guidesOnce()),
      }));
      return html(reply, page.status, page.body);
    });
  };
}
