import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The API's paths: the operator API on the sandbox and live listeners, the platform API on its own. */
const API_PATHS = ['/v1/', '/platform/v1/'];

/**
 * Every answer of the APIs (JSON, errors included, and the report downloads) says `X-Content-Type-Options:
 * nosniff`, so a browser never reads one as a page or a script, and `Cache-Control: no-store`: balances,
 * keys and positions stay out of every cache on the way. Set when the request arrives, so that errors,
 * the 404 of an unknown path and the event stream (which keeps the hooks' headers and says `no-cache`
 * itself) carry them too. Not the widget bundle (/widget/, cached on purpose) nor /docs (its own rules).
 */
export function installApiHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url;
    if (API_PATHS.some((prefix) => path.startsWith(prefix))) {
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
    }
    done();
  });
}

/** Adds a field to `Vary` instead of replacing what the hooks put there (CORS's `Origin`). */
export function appendVary(reply: FastifyReply, field: string): FastifyReply {
  const present = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (present.some((name) => name === '*' || name.toLowerCase() === field.toLowerCase())) return reply;
  return reply.header('vary', [...present, field].join(', '));
}

/** A CSP hash source of an inline `<script>` or `<style>`'s exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * A Content-Security-Policy from its directives, in the order given.
 *
 * @example
 * contentSecurityPolicy({ 'default-src': ["'none'"], 'form-action': ["'self'"] });
 * // "default-src 'none'; form-action 'self'"
 */
export function contentSecurityPolicy(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
