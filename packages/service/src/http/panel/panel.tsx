/** @jsxRuntime automatic @jsxImportSource preact */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isSlug } from '../../domains/markets/index.js';
import type { ServiceDeps } from '../../deps.js';
import { isUuid } from '../../lib/ids.js';
import { auditRoutes } from './audit-log.js';
import { deadLetterRoutes } from './dead-letters.js';
import { marketRoutes } from './markets.js';
import { operationsRoutes } from './operations.js';
import { overviewRoutes } from './overview.js';
import { Page, sendPage } from './page.js';
import { formOf } from './act.js';
import { csrfMatches, sessionOfCookie } from './panel-session.js';
import { settlementRoutes } from './settlement.js';
import { signInRoutes } from './sign-in.js';
import { tenantRoutes } from './tenants.js';

/**
 * The platform panel at /panel on the platform listener (decisions part 9): server-rendered pages and
 * plain forms, so it works without script. Every page but the sign-in needs the session cookie; every
 * form post also needs its session's CSRF token; every action goes through the platform API's verbs and
 * into the audit log (act.ts).
 */
export function panelRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(cookie);
    // Forms post urlencoded; this context parses that, the API's own parsers stay JSON-only.
    await app.register(formbody, { bodyLimit: 64 * 1024 });
    app.decorateRequest('panelSession', null);

    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.meta?.credential !== 'panel') return;
      const session = await sessionOfCookie(deps, request);
      if (session) {
        request.panelSession = session;
        return;
      }
      if (request.method === 'GET') {
        const next = encodeURIComponent(request.url);
        return reply.redirect(`/panel/sign-in?next=${next}`, 303);
      }
      return problemPage(reply, 401, 'Signed out', 'Your session has ended. Sign in again, then repeat the action.');
    });
    // Path parameters are checked before anything uses them (in SQL, or in a redirect's Location, where a
    // stray character would fail the answer): a value that cannot name anything is a 404 page.
    app.addHook('preValidation', async (request, reply) => {
      const params = request.params as Record<string, string>;
      for (const [name, value] of Object.entries(params ?? {})) {
        if (!(PARAM_CHECKS[name] ?? (() => false))(value)) {
          return problemPage(reply, 404, 'Not found', `There is no ${name.replace('_', ' ')} ${value.slice(0, 80)}.`);
        }
      }
    });
    // After the body is parsed and before any handler: a post without its session's token did not come
    // from a panel page (SameSite=Strict already keeps other sites' posts from carrying the cookie).
    app.addHook('preHandler', async (request, reply) => {
      const session = request.panelSession;
      if (request.method !== 'POST' || !session) return;
      if (!csrfMatches(session, formOf(request)._csrf)) {
        return problemPage(
          reply,
          403,
          'Form refused',
          'This form did not come from a page of your session (its CSRF token is missing or wrong). Reload the page and try again.',
        );
      }
    });
    app.setErrorHandler((error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'a panel page failed');
      const text =
        status === 500
          ? `Something went wrong on our side; nothing was changed by this page. Request id: ${request.id}.`
          : `The request could not be read: ${error.message}`;
      return problemPage(reply, status, status === 500 ? 'Error' : 'Bad request', text);
    });

    await app.register(signInRoutes(deps));
    await app.register(overviewRoutes(deps));
    await app.register(tenantRoutes(deps));
    await app.register(marketRoutes(deps));
    await app.register(settlementRoutes(deps));
    await app.register(deadLetterRoutes(deps));
    await app.register(operationsRoutes(deps));
    await app.register(auditRoutes(deps));
  };
}

/** What each path parameter of the panel may be. */
const PARAM_CHECKS: Record<string, (value: string) => boolean> = {
  id: isUuid,
  slug: isSlug,
  name: (value) => /^[a-z_]{1,40}$/.test(value),
  environment: (value) => value === 'sandbox' || value === 'live',
};

function problemPage(reply: FastifyReply, status: number, title: string, text: string): FastifyReply {
  return sendPage(
    reply,
    <Page title={title} problem={text}>
      <p>
        <a href="/panel">Back to the panel</a>
      </p>
    </Page>,
    status,
  );
}
