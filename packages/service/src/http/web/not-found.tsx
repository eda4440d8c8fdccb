/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { Page, sendPage } from './page.js';
import { sessionOfCookie, type WebSite } from './web-session.js';

/** Where a lost visitor goes back to: the site's home, in words. */
const HOME_WORDS: Record<WebSite['kind'], string> = { panel: 'the overview', portal: 'the portal home' };

/**
 * Unknown paths under a site's path (/panel/…, /portal/…) answer a page of the site's own, 404 in HTML,
 * with its navigation when the visitor is signed in and a link back to its home
 * (docs/operations.md, "The platform panel"). The handler belongs to the site's path alone: every other
 * unknown path (/v1/…, /platform/v1/…) keeps the API's JSON envelope (http/errors.ts).
 */
export async function installNotFoundPage(app: FastifyInstance, deps: ServiceDeps, site: WebSite): Promise<void> {
  await app.register(
    async (scope) => {
      scope.setNotFoundHandler(async (request, reply) => {
        const session = await sessionOfCookie(deps, request);
        return sendLostPage(reply, request.webSite ?? site, request.url, session);
      });
    },
    { prefix: site.path },
  );
}

/**
 * The site's 404 page for `url`: with its navigation when a session is known. A path the router cannot
 * even read (a malformed %-escape, an over-long segment) gets it too, signed out (http/framework-errors.ts).
 */
export function sendLostPage(
  reply: FastifyReply,
  site: WebSite,
  url: string,
  session?: { who: string; csrfToken: string } | null,
): FastifyReply {
  const path = url.split('?')[0]!;
  return sendPage(
    reply,
    <Page site={site} title="Page not found" who={session?.who} csrfToken={session?.csrfToken}>
      <section>
        <p>
          There is no page at <code>{path.length > 200 ? `${path.slice(0, 200)}…` : path}</code>. The link may be old or
          mistyped.
        </p>
        <p>
          <a href={site.path}>Back to {HOME_WORDS[site.kind]}</a>
        </p>
      </section>
    </Page>,
    404,
  );
}

/** Whether `url` is one of the site's pages' addresses (its path, or below it). */
export function isUnderSite(site: WebSite, url: string): boolean {
  if (!url.startsWith(site.path)) return false;
  const rest = url.slice(site.path.length);
  return rest === '' || /^[/?#]/.test(rest);
}
