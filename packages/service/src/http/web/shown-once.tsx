/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendScreen } from './shared.js';

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
