/** @jsxRuntime automatic @jsxImportSource preact */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSlug } from '../../domains/markets/index.js';
import { isExternalUserId } from '../../domains/users/index.js';
import { FormAlreadySent } from '../../domains/web-sessions/index.js';
import type { ServiceDeps } from '../../deps.js';
import { isApiError } from '../../errors/index.js';
import { unstorableValue } from '../errors.js';
import { isUuid } from '../../lib/ids.js';
import type { Credential } from '../route-meta.js';
import { answerRepeatedForm, formOf } from './act.js';
import { installNotFoundPage } from './not-found.js';
import { Page, sendPage } from './page.js';
import { csrfMatches, secureCookiesOf, sessionOfCookie, type WebSite } from './web-session.js';

/** What each path parameter of a site's pages may be. */
const PARAM_CHECKS: Record<string, (value: string) => boolean> = {
  id: isUuid,
  slug: isSlug,
  name: (value) => /^[a-z_]{1,40}$/.test(value),
  environment: (value) => value === 'sandbox' || value === 'live',
  external_user_id: isExternalUserId,
};

/**
 * What every page of a site goes through, in the site's own Fastify context: its cookies and urlencoded
 * forms (the API's parsers stay JSON-only), the session cookie on every page marked with the site's
 * credential (a page without one goes to the sign-in, a post is 401), path parameters checked before
 * use, the session's CSRF token on every post, and errors and unknown paths as pages.
 */
export async function installWebSite(
  app: FastifyInstance,
  deps: ServiceDeps,
  site: WebSite,
  credential: Extract<Credential, 'panel' | 'portal'>,
): Promise<void> {
  await app.register(cookie);
  // Pages take forms only: the API's read-anything-as-JSON parser stays the API's.
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  app.decorateRequest('webSite', null as unknown as WebSite);
  app.decorateRequest('webSession', null);
  const problem = (reply: FastifyReply, status: number, title: string, text: string) =>
    problemPage(site, reply, status, title, text);

  // Read at the first request: a listener's own address (the fallback of its public URL) is known only
  // once it listens.
  let served: WebSite | null = null;
  app.addHook('onRequest', async (request, reply) => {
    request.webSite = served ??= { ...site, secureCookies: secureCookiesOf(deps, site) };
    if (request.routeOptions.config.meta?.credential !== credential) return;
    const session = await sessionOfCookie(deps, request);
    if (session) {
      request.webSession = session;
      return;
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      return reply.redirect(`${site.path}/sign-in?next=${encodeURIComponent(request.url)}`, 303);
    }
    return problem(reply, 401, 'Signed out', 'Your session has ended. Sign in again, then repeat the action.');
  });
  // Path parameters are checked before anything uses them (in SQL, or in a redirect's Location, where a
  // stray character would fail the answer): a value that cannot name anything is a 404 page.
  app.addHook('preValidation', async (request, reply) => {
    if (request.is404) return;
    for (const [name, value] of Object.entries((request.params as Record<string, string>) ?? {})) {
      if (!(PARAM_CHECKS[name] ?? (() => false))(value)) {
        return problem(reply, 404, 'Not found', `There is no ${name.replace('_', ' ')} ${value.slice(0, 80)}.`);
      }
    }
  });
  // After the body is parsed and before any handler: a post without its session's token did not come
  // from one of the site's pages (SameSite=Strict already keeps other sites' posts from carrying the cookie).
  // A sign-in has no session yet: one posted from another site is refused by what the browser says of
  // its origin, so that no page can sign a visitor in as someone else.
  app.addHook('preHandler', async (request, reply) => {
    // An unknown path changes nothing: its page says so (not-found.tsx), whoever posted to it.
    if (request.is404) return;
    const session = request.webSession;
    if (request.method === 'POST' && !session && crossSite(request)) {
      return problem(reply, 403, 'Form refused', 'This sign-in was posted from another site.');
    }
    if (request.method !== 'POST' || !session) return;
    if (!csrfMatches(session, formOf(request)._csrf)) {
      return problem(
        reply,
        403,
        'Form refused',
        'This form did not come from a page of your session (its CSRF token is missing or wrong). Reload the page and try again.',
      );
    }
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof FormAlreadySent) return answerRepeatedForm(request, reply, error.said);
    // A value that got past a form's rules but that the database cannot hold is still bad input.
    const unstorable = unstorableValue(error, request);
    if (unstorable !== null)
      return problem(reply, 400, 'Bad request', `${unstorable} Go back, correct it and send again.`);
    const given = isApiError(error) ? error.status : error.statusCode;
    const status = given && given >= 400 && given < 500 ? given : 500;
    if (status === 500) request.log.error({ err: error }, `a ${site.kind} page failed`);
    const text =
      status === 500
        ? `Something went wrong on our side; nothing was changed by this page. Request id: ${request.id}.`
        : `The request could not be read: ${error.message}`;
    return problem(reply, status, status === 500 ? 'Error' : 'Bad request', text);
  });
  // Last, so that the page of an unknown path goes through the hooks above (the site, its cookie).
  await installNotFoundPage(app, deps, site);
}

/** What the browser says of where a post came from: another site (Sec-Fetch-Site, else Origin). */
function crossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  return typeof origin === 'string' && (!URL.canParse(origin) || new URL(origin).host !== request.host);
}

function problemPage(site: WebSite, reply: FastifyReply, status: number, title: string, text: string): FastifyReply {
  return sendPage(
    reply,
    <Page site={site} title={title} problem={text}>
      <p>
        <a href={site.path}>Back to the {site.brand.toLowerCase()}</a>
      </p>
    </Page>,
    status,
  );
}
