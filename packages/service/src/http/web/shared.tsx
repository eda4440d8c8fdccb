/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ComponentChildren } from 'preact';
import { CsrfField, Page, sendPage } from './page.js';
import { sessionOf, takeFlash } from './web-session.js';

/** A signed-in page: the shell with the session's name, CSRF token, and the last action's outcome. */
export function sendScreen(
  request: FastifyRequest,
  reply: FastifyReply,
  screen: { title: string; current: string; status?: number },
  body: ComponentChildren,
): FastifyReply {
  const session = sessionOf(request);
  const flash = takeFlash(request, reply);
  return sendPage(
    reply,
    <Page
      site={request.webSite}
      title={screen.title}
      current={screen.current}
      who={session.who}
      csrfToken={session.csrfToken}
      {...flash}
    >
      {body}
    </Page>,
    screen.status,
  );
}

/** A form of one button (and hidden fields) that posts an action; its CSRF token from the request. */
export function ActionButton(props: {
  request: FastifyRequest;
  action: string;
  label: string;
  fields?: Record<string, string>;
  danger?: boolean;
  /** The button's accessible name when its label alone repeats down a table ("Revoke key pmk_…"). */
  name?: string;
}) {
  return (
    <form class="inline" method="post" action={props.action}>
      <CsrfField token={sessionOf(props.request).csrfToken} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" class={props.danger ? 'danger' : 'secondary'} aria-label={props.name}>
        {props.label}
      </button>
    </form>
  );
}

/**
 * A button that opens a confirmation page first (a GET: nothing happens yet), for the actions that are
 * hard to take back: a tenant's suspension, a key's revocation.
 */
export function ConfirmFirst(props: { href: string; label: string; name?: string }) {
  return (
    <a class="button danger" href={props.href} aria-label={props.name}>
      {props.label}
    </a>
  );
}

/** The confirmation page: what the action will do, and the one button that does it. */
export function sendConfirmation(
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    title: string;
    current: string;
    effect: string;
    action: string;
    fields?: Record<string, string>;
    button: string;
    back: string;
  },
): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: page.title, current: page.current },
    <section>
      <p>{page.effect}</p>
      <p class="row">
        <ActionButton request={request} action={page.action} fields={page.fields} label={page.button} danger />
        <a href={page.back}>Cancel</a>
      </p>
    </section>,
  );
}

/** A form posting `action`, carrying the session's CSRF token. */
export function PanelForm(props: {
  request: FastifyRequest;
  action: string;
  children: ComponentChildren;
  label?: string;
}) {
  return (
    <form method="post" action={props.action} aria-label={props.label}>
      <CsrfField token={sessionOf(props.request).csrfToken} />
      {props.children}
    </form>
  );
}

export const when = (date: Date | null) => (date ? date.toISOString().replace('T', ' ').slice(0, 19) + 'Z' : '—');

/**
 * A key or secret on a page of its own, once: it answers the action that made it (not a redirect, a
 * cookie or the audit log), and no page shows it again.
 */
export function sendShownOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    title: string;
    current: string;
    label: string;
    secret: string;
    note?: string;
    back: string;
    backLabel: string;
  },
): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: page.title, current: page.current, status: 201 },
    <section>
      <p>Copy it now: it is shown on this page only, and nowhere else ever again.</p>
      <p class="secret" aria-label={page.label}>
        {page.secret}
      </p>
      {page.note && <p>{page.note}</p>}
      <p>
        <a href={page.back}>{page.backLabel}</a>
      </p>
    </section>,
  );
}

/**
 * A table that scrolls sideways on a narrow screen, reachable by keyboard (a named, focusable region: a
 * scrolling area must be, for people who cannot use a pointer).
 */
export function ScrollTable(props: { label: string; children: ComponentChildren }) {
  return (
    <div class="scroll" tabIndex={0} role="region" aria-label={props.label}>
      <table>{props.children}</table>
    </div>
  );
}
