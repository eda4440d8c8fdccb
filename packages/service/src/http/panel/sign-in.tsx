/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { withoutBidiControls } from '../../lib/text.js';
import { audited } from '../../domains/audit/index.js';
import { endWebSession, startWebSession } from '../../domains/web-sessions/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { ok, rejected } from '../../errors/index.js';
import { isAdminToken } from '../auth.js';
import { firstIssueInWords, formOf } from '../web/act.js';
import { Page, sendPage } from '../web/page.js';
import { clearSessionCookie, sessionOf, sessionOfCookie, setSessionCookie } from '../web/web-session.js';
import { PANEL_SITE, signedIn } from './site.js';

const open = { config: { meta: { tier: 'platform', credential: 'none' } } } as const;

/** Failed sign-ins an address may make in FAILURE_WINDOW_S before it is refused for the rest of it. */
const MAX_FAILURES = 10;
const FAILURE_WINDOW_S = 15 * 60;

/** The form's fields as its labels name them, for a refusal. */
const SIGN_IN_LABELS = { name: 'Your name', token: 'Platform admin token', next: 'The page to go back to' };

const SignInForm = z.object({
  name: withoutBidiControls(
    z
      .string()
      .trim()
      .min(1, 'Give your name: the audit log records who did what.')
      .max(80)
      .regex(/^[^()\p{Cc}]+$/u, 'A name without parentheses or control characters.'),
  ),
  token: z.string().min(1, 'Paste the platform admin token.').max(512),
  next: z.string().optional(),
});

/** Only a panel path may be the page to return to after sign-in (no open redirect). */
const safeNext = (next: string | undefined) =>
  next && /^\/panel(\/[\w\-/.?=&%]*)?$/.test(next) && !next.startsWith('//') ? next : '/panel';

/** Sign-in with the platform admin token, exchanged for a session cookie (8 hours), and sign-out. */
export function signInRoutes(deps: ServiceDeps): FastifyPluginAsync {
  const form = (reply: FastifyReply, next: string, problem: string | null, status = 200) =>
    sendPage(
      reply,
      <Page site={PANEL_SITE} title="Sign in" problem={problem}>
        <section>
          <form method="post" action="/panel/sign-in">
            <input type="hidden" name="next" value={next} />
            <label for="name">Your name</label>
            <input id="name" name="name" autocomplete="name" required maxLength={80} />
            <label for="token">Platform admin token</label>
            <input id="token" name="token" type="password" autocomplete="current-password" required />
            <p>
              <button type="submit">Sign in</button>
            </p>
          </form>
        </section>
        <p>The session lasts 8 hours. Everything you do is recorded in the audit log under your name.</p>
      </Page>,
      status,
    );

  // Failed sign-ins per address (this process's count; the token itself is 32+ random bytes, this only
  // keeps guessing and the audit log's growth in bounds). The address is the client's behind a proxy
  // named in TRUST_PROXY (request.ip), else the connection's.
  const failures = new RateLimiterMemory({ points: 1_000_000, duration: FAILURE_WINDOW_S });
  return async (app) => {
    app.get('/panel/sign-in', open, async (request, reply) => {
      const next = safeNext((request.query as { next?: string }).next);
      if (await sessionOfCookie(deps, request)) return reply.redirect(next, 303);
      return form(reply, next, null);
    });

    app.post('/panel/sign-in', open, async (request, reply) => {
      const parsed = SignInForm.safeParse(formOf(request));
      if (!parsed.success) return form(reply, '/panel', firstIssueInWords(parsed.error, SIGN_IN_LABELS), 400);
      const { name, token } = parsed.data;
      const next = safeNext(parsed.data.next);
      const valid = isAdminToken(deps, token);
      // The lockout refuses guesses, never the token: others' failures from the same address (an office
      // behind one NAT, or someone guessing there) must not keep the platform team out of its own panel.
      if (!valid && (await failures.get(request.ip).then((r) => (r?.consumedPoints ?? 0) >= MAX_FAILURES))) {
        return form(reply, next, 'Too many failed sign-ins from here; wait 15 minutes.', 429).header(
          'retry-after',
          '900',
        );
      }
      // A failure is recorded under no name (anyone can type one), with the name it gave kept as a detail.
      const entry = valid
        ? { who: `panel:${name}`, action: 'panel.sign_in', target: 'panel', details: { name } }
        : { who: 'panel:anonymous', action: 'panel.sign_in', target: 'panel', details: { name, ip: request.ip } };
      const result = await audited(platformCtx(deps, request), entry, async (ctx) =>
        valid ? ok(await startWebSession(ctx, { kind: 'panel', who: name })) : rejected('invalid_api_key', ''),
      );
      if (!result.ok) {
        await failures.penalty(request.ip);
        return form(reply, next, 'That is not the platform admin token.', 401);
      }
      setSessionCookie(request, reply, result.value.token);
      return reply.redirect(next, 303);
    });

    app.post('/panel/sign-out', signedIn, async (request, reply) => {
      await endWebSession(platformCtx(deps, request), sessionOf(request).token);
      clearSessionCookie(request, reply);
      return reply.redirect('/panel/sign-in', 303);
    });
  };
}
