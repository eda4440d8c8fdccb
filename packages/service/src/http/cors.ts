import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Environment } from '../db/schema.js';
import type { AllowedOrigins } from '../domains/tenants/index.js';
import { appendVary } from './security-headers.js';

/**
 * CORS (docs/operator-api.md, "CORS (browser calls)"). Only origins a tenant lists get
 * `Access-Control-Allow-Origin`, echoed, never `*`, and never credentials mode. A preflight names no
 * tenant, so it is answered for an origin any tenant of the environment lists; the request that
 * follows gets the header only if it carries a session token and its own tenant lists the origin. An
 * API key is for the operator's server only: a page that holds one gets no CORS header to
 * read the answer with. Routes declared serverOnly (the session mint) get no CORS header at all. Every
 * answer says `Vary: Origin`, since what it carries depends on it, but the browser bundle under
 * /widget/: public, the same bytes for every page, it answers `Access-Control-Allow-Origin: *`.
 */
const PREFLIGHT_HEADERS = {
  'access-control-allow-methods': 'GET, POST, PUT, DELETE',
  // Last-Event-ID beside the three a widget write needs: the stream resumes with it, and a browser sends no
  // header the preflight did not allow (the widget's reconnect would fail on every embed but its own origin).
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Last-Event-ID',
  'access-control-max-age': '600',
};

/**
 * Headers a page may read from an answer: without this list a browser hides all but a few, and the
 * widget could not honour Retry-After (wait, then retry with the same key), quote a request id to support or tell a
 * replayed answer of its own keyed write (Idempotent-Replayed).
 */
const EXPOSED = 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Request-Id, Idempotent-Replayed';

/** Where the listeners serve the widget bundle (docs/widget.md). */
export const PUBLIC_BUNDLE_PATH = '/widget/';

export function installCors(app: FastifyInstance, origins: AllowedOrigins, environment: Environment): void {
  // After authentication: the tenant is known. Registered before the kill-switch and rate-limit hooks,
  // so their 503 and 429 reach the widget's code too.
  // Callback hooks: only a request with an Origin waits for the tenants' lists, the rest go straight on.
  app.addHook('onRequest', (request, reply, done) => {
    if (isBundle(request)) {
      reply.header('access-control-allow-origin', '*');
      return done();
    }
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    const meta = request.routeOptions.config.meta;
    const principal = request.principal;
    if (!origin || principal?.kind !== 'user' || meta?.serverOnly) return done();
    origins
      .allows(principal.tenantEnv, origin)
      .then((allowed) => {
        if (allowed) allow(reply, origin);
      })
      .then(() => done(), done);
  });

  // The widget must be able to read a refusal of its session token to refresh or give up. A 401
  // invalid_session_token may name no tenant (forged, malformed, another environment's), so it is readable,
  // like a preflight, by an origin any tenant of the environment lists. A token refused
  // for its tenant's suspension (403) names its tenant: that tenant's origins.
  app.addHook('onSend', (request, reply, payload, done) => {
    // The bundle is the same bytes for every page: a shared cache keeps one copy, not one per Origin.
    if (isBundle(request)) return done(null, payload);
    // An answer refused before the hook above ran (authentication's 401 and 403) varies by Origin too.
    appendVary(reply, 'Origin');
    const origin = request.headers.origin;
    const scope = request.refusedSessionScope;
    if (!origin || request.routeOptions.config.meta?.serverOnly || reply.hasHeader('access-control-allow-origin'))
      return done(null, payload);
    const readable = request.refusedSession
      ? origins.listedIn(environment, origin)
      : reply.statusCode === 403 && scope !== null
        ? origins.allows(scope, origin)
        : null;
    if (readable === null) return done(null, payload);
    readable
      .then((yes) => {
        if (yes) allow(reply, origin);
      })
      .then(() => done(null, payload), done);
  });

  const serverOnly = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.meta?.serverOnly) serverOnly.add(route.url);
  });

  app.options(
    '*',
    { config: { meta: { tier: 'public', credential: 'none' } }, schema: { hide: true } },
    async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && !serverOnly.has(pathOf(request)) && (await origins.listedIn(environment, origin))) {
        reply.headers({ 'access-control-allow-origin': origin, ...PREFLIGHT_HEADERS });
      }
      return reply.code(204).send();
    },
  );
}

const pathOf = (request: FastifyRequest) => {
  const query = request.url.indexOf('?');
  return query < 0 ? request.url : request.url.slice(0, query);
};

const isBundle = (request: FastifyRequest) => request.url.startsWith(PUBLIC_BUNDLE_PATH);

function allow(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', EXPOSED);
}
