/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { withoutBidiControls } from '../../lib/text.js';
import type { Environment } from '../../db/schema.js';
import { signInWithPortalLink } from '../../domains/portal-links/index.js';
import { endWebSession } from '../../domains/web-sessions/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { firstIssueInWords, formOf } from '../web/act.js';
import { Page, sendPage } from '../web/page.js';
import { clearSessionCookie, sessionOf, sessionOfCookie, setSessionCookie } from '../web/web-session.js';
import { portalSite, signedIn } from './site.js';

const open = { config: { meta: { tier: 'public', credential: 'none' } } } as const;

/** The form's fields as its labels name them, for a refusal. */
const SIGN_IN_LABELS = { name: 'Your name' };

const SignInForm = z.object({
  name: withoutBidiControls(
    z
      .string()
      .trim()
      .min(1, 'Give your name: the platform’s audit log records who did what.')
      .max(80)
      .regex(/^[^()\p{Cc}]+$/u, 'A name without parentheses or control characters.'),
  ),
  token: z
    .string('Open the sign-in link you were given: this form came without its token.')
    .min(1, 'Open the sign-in link you were given: this form came without its token.')
    .max(100, 'This is not a sign-in link the portal gave: open the link you were given again.'),
});

const USED =
  'This sign-in link has been used, has expired or is not for this environment. Ask the platform team for a new one.';

/**
 * Sign-in through a one-time link from the platform (30 minutes, once). Opening the link shows a form;
 * only its post uses the link, so a mail scanner or a chat preview that fetches the URL spends nothing.
 */
export function signInRoutes(deps: ServiceDeps, environment: Environment): FastifyPluginAsync {
  const form = (reply: FastifyReply, token: string, problem: string | null, status = 200) =>
    sendPage(
      reply,
      <Page site={portalSite(environment)} title={`Sign in to the ${environment} portal`} problem={problem}>
        {token === '' ? (
          <p>Sign in with the link the platform team sent you. Each link works once, for 30 minutes.</p>
        ) : (
          <section>
            <form method="post" action="/portal/sign-in">
              <input type="hidden" name="token" value={token} />
              <label for="name">Your name</label>
              <input id="name" name="name" autocomplete="name" required maxLength={80} />
              <p>
                <button type="submit">Sign in</button>
              </p>
            </form>
          </section>
        )}
      </Page>,
      status,
    );

  return async (app) => {
    app.get('/portal/sign-in', open, async (request, reply) => {
      const token = String((request.query as { token?: unknown }).token ?? '').slice(0, 100);
      // Signed in already: a link still shows its form (another tenant environment, say), else home.
      if (token === '' && (await sessionOfCookie(deps, request))) return reply.redirect('/portal', 303);
      return form(reply, token, null);
    });

    app.post('/portal/sign-in', open, async (request, reply) => {
      const parsed = SignInForm.safeParse(formOf(request));
      if (!parsed.success) {
        const token = formOf(request).token;
        const problem = firstIssueInWords(parsed.error, SIGN_IN_LABELS);
        return form(reply, typeof token === 'string' ? token.slice(0, 100) : '', problem, 400);
      }
      const { name, token } = parsed.data;
      const ctx = platformCtx(deps, request);
      const started = await signInWithPortalLink(ctx, { token, environment, name });
      if (!started) return form(reply, '', USED, 401);
      const previous = await sessionOfCookie(deps, request);
      if (previous) await endWebSession(ctx, previous.token); // the new sign-in replaces it
      setSessionCookie(request, reply, started.token);
      return reply.redirect('/portal', 303);
    });

    app.post('/portal/sign-out', signedIn, async (request, reply) => {
      await endWebSession(platformCtx(deps, request), sessionOf(request).token);
      clearSessionCookie(request, reply);
      return reply.redirect('/portal/sign-in', 303);
    });
  };
}
