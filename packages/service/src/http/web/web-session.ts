import type {} from '@fastify/cookie';
import { isLoopbackHost } from '../../lib/loopback.js';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { platformCtx } from '../context.js';
import { findWebSession, PANEL_SESSION_MS, type WebSession } from '../../domains/web-sessions/index.js';
import type { Environment } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';

/**
 * A signed-in web site of the service (docs/operations.md): the platform panel on the platform listener,
 * or the tenant portal on the sandbox and live listeners. Each has its own cookie, sent only to its path.
 */
export interface WebSite {
  kind: WebSession['kind'];
  brand: string;
  path: '/panel' | '/portal';
  cookie: string;
  /** A search box in the header (the panel's find-by-id), going to `action?q=…`. */
  search?: { action: string; label: string };
  /** Its screens' navigation, in order: [href, label]. */
  screens: readonly (readonly [string, string])[];
  /**
   * The portal's listener environment: its sessions are of that environment only. Browsers send a
   * cookie to every port of a host, so the sandbox portal's cookie also reaches the live listener.
   */
  environment?: Environment;
  /** Set by the site's plugin from configuration (secureCookiesOf). */
  secureCookies?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The site a page belongs to (set first thing by the site's plugin). */
    webSite: WebSite;
    webSession: (WebSession & { token: string }) | null;
  }
}

/**
 * Whether a site's cookies are Secure, from configuration, never the request's Host or scheme (a TLS proxy
 * in front may forward to 127.0.0.1 over plain http while the browser reaches the site by https). With a
 * public URL (PUBLIC_PLATFORM_URL for the panel, PUBLIC_SANDBOX_URL or PUBLIC_LIVE_URL for the portal):
 * exactly when it is https. Without one: unless the listener is bound to loopback, where plain http on
 * this machine is the development setup; anywhere else a TLS proxy is assumed, so the cookie stays Secure.
 */
export function cookiesAreSecure(publicUrl: string | null, bindHost: string): boolean {
  if (publicUrl !== null) return new URL(publicUrl).protocol === 'https:';
  return !isLoopbackHost(bindHost);
}

export function secureCookiesOf(deps: ServiceDeps, site: WebSite): boolean {
  return deps.secureCookies(site.environment ?? 'platform');
}

/** HttpOnly, SameSite=Strict, the site's path only; Secure when the site is public over https. */
const cookieOptions = (request: FastifyRequest) => ({
  path: request.webSite.path,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.webSite.secureCookies === true,
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(request.webSite.cookie, token, { ...cookieOptions(request), maxAge: PANEL_SESSION_MS / 1000 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(request.webSite.cookie, cookieOptions(request));
}

/** The signed-in session of a page (the site's hook put it there). */
export function sessionOf(request: FastifyRequest): WebSession & { token: string } {
  if (!request.webSession) throw new Error(`page ${request.routeOptions.url} without a session`);
  return request.webSession;
}

/** The session a request's cookie names, if it is still live and of this site. */
export async function sessionOfCookie(
  deps: ServiceDeps,
  request: FastifyRequest,
): Promise<(WebSession & { token: string }) | null> {
  const token = request.cookies[request.webSite.cookie];
  if (!token || token.length > 100) return null;
  const session = await findWebSession(platformCtx(deps, request), token);
  const site = request.webSite;
  const ours = session?.kind === site.kind && (!site.environment || session.scope?.environment === site.environment);
  return session && ours ? { ...session, token } : null;
}

/** Who the audit log says acted: the site, the name given at sign-in, and a portal session's tenant environment. */
export function whoOf(request: FastifyRequest): string {
  const session = sessionOf(request);
  const scope = session.scope ? ` (${session.scope.tenantId}/${session.scope.environment})` : '';
  return `${session.kind}:${session.who}${scope}`;
}

/** Whether a form carries its session's CSRF token (compared in constant time). */
export function csrfMatches(session: WebSession, sent: unknown): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(session.csrfToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The outcome the last action left for the page it redirects to (post/redirect/get): a notice or a
 * problem in words, and what else that page shows once (`extra`: a refused form's input and the words
 * next to each field, a portal link issued).
 */
export interface Flash {
  notice: string | null;
  problem: string | null;
  extra: Record<string, unknown>;
}

const NO_FLASH: Flash = { notice: null, problem: null, extra: {} };

/** What a browser keeps of one cookie, with room for the name and attributes. */
const FLASH_BYTES = 3800;

/** A one-shot message for the page a form's action redirects to (set by act.ts, read by the page). */
const flashCookie = (request: FastifyRequest) => `${request.webSite.cookie}_flash`;

export function setFlash(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: 'notice' | 'problem',
  text: string,
  extra: Record<string, unknown> = {},
): void {
  const plain = { kind, text: text.slice(0, 500) };
  let value = JSON.stringify({ ...plain, extra });
  // Cookies travel URI-encoded: what does not fit is left out, the message stays.
  if (encodeURIComponent(value).length > FLASH_BYTES) value = JSON.stringify(plain);
  reply.setCookie(flashCookie(request), value, { ...cookieOptions(request), maxAge: 60 });
}

const read = new WeakMap<FastifyRequest, Flash>();

/** The message the last action left for this page, without clearing it (a page's parts read it as they render). */
export function peekFlash(request: FastifyRequest): Flash {
  const known = read.get(request);
  if (known) return known;
  const flash = parseFlash(request.cookies[flashCookie(request)]);
  read.set(request, flash);
  return flash;
}

/** The message the last action left for this page, cleared as it is shown. */
export function takeFlash(request: FastifyRequest, reply: FastifyReply): Flash {
  if (request.cookies[flashCookie(request)]) reply.clearCookie(flashCookie(request), cookieOptions(request));
  return peekFlash(request);
}

function parseFlash(raw: string | undefined): Flash {
  if (!raw) return NO_FLASH;
  try {
    const { kind, text, extra } = JSON.parse(raw) as { kind: unknown; text: unknown; extra: unknown };
    if (typeof text !== 'string') return NO_FLASH;
    const kept = extra && typeof extra === 'object' && !Array.isArray(extra) ? (extra as Record<string, unknown>) : {};
    return kind === 'problem'
      ? { notice: null, problem: text, extra: kept }
      : { notice: text, problem: null, extra: kept };
  } catch {
    return NO_FLASH;
  }
}
