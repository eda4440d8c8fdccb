import type {} from '@fastify/cookie';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { platformCtx } from '../context.js';
import { findWebSession, PANEL_SESSION_MS, type WebSession } from '../../domains/web-sessions/index.js';
import type { ServiceDeps } from '../../deps.js';

/** The panel's cookie: HttpOnly, SameSite=Strict, sent only to /panel (decisions part 9). */
export const PANEL_COOKIE = 'pm_panel';
/** A one-shot message for the page a form's action redirects to (set by act.ts, read by the page). */
const FLASH_COOKIE = 'pm_panel_flash';

declare module 'fastify' {
  interface FastifyRequest {
    panelSession: (WebSession & { token: string }) | null;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const cookieOptions = (request: FastifyRequest) => ({
  path: '/panel',
  httpOnly: true,
  sameSite: 'strict' as const,
  // Secure everywhere but on loopback, where the panel is reached over plain http by default (a panel
  // exposed beyond this machine must sit behind TLS, which browsers then see).
  secure: !LOOPBACK_HOSTS.has(request.hostname),
});

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(PANEL_COOKIE, token, { ...cookieOptions(request), maxAge: PANEL_SESSION_MS / 1000 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(PANEL_COOKIE, cookieOptions(request));
}

/** The signed-in session of a panel route (the hook in panel.ts put it there). */
export function sessionOf(request: FastifyRequest): WebSession & { token: string } {
  if (!request.panelSession) throw new Error(`panel route ${request.routeOptions.url} without a session`);
  return request.panelSession;
}

/** The session a request's cookie names, if it is still live. */
export async function sessionOfCookie(
  deps: ServiceDeps,
  request: FastifyRequest,
): Promise<(WebSession & { token: string }) | null> {
  const token = request.cookies[PANEL_COOKIE];
  if (!token || token.length > 100) return null;
  const session = await findWebSession(platformCtx(deps, request), token);
  return session ? { ...session, token } : null;
}

/** Whether a form carries its session's CSRF token (compared in constant time). */
export function csrfMatches(session: WebSession, sent: unknown): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(session.csrfToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type Flash = { notice: string | null; problem: string | null };

export function setFlash(request: FastifyRequest, reply: FastifyReply, kind: 'notice' | 'problem', text: string): void {
  reply.setCookie(FLASH_COOKIE, JSON.stringify({ kind, text: text.slice(0, 500) }), {
    ...cookieOptions(request),
    maxAge: 60,
  });
}

/** The message the last action left for this page, cleared as it is shown. */
export function takeFlash(request: FastifyRequest, reply: FastifyReply): Flash {
  const raw = request.cookies[FLASH_COOKIE];
  if (!raw) return { notice: null, problem: null };
  reply.clearCookie(FLASH_COOKIE, cookieOptions(request));
  try {
    const { kind, text } = JSON.parse(raw) as { kind: unknown; text: unknown };
    if (typeof text !== 'string') return { notice: null, problem: null };
    return kind === 'problem' ? { notice: null, problem: text } : { notice: text, problem: null };
  } catch {
    return { notice: null, problem: null };
  }
}
