/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { findDelivery } from '../../domains/webhooks/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { DeliveryActions, postResend, postRetry } from '../web/delivery-actions.js';
import { AttemptsSection } from '../web/delivery-attempts.js';
import { DeliveryFacts } from '../web/delivery-facts.js';
import { HeadersSection, PayloadSection } from '../web/delivery-payload.js';
import { sendScreen } from '../web/shared.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

/**
 * One delivery of the session's environment (docs/operations.md, "The tenant portal"): its facts, Resend
 * or Retry now, the payload, the headers sent and every attempt. Another tenant's or environment's id is
 * a 404 page, and so are its forms' posts (the verbs take the session's scope).
 */
export function deliveryRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/webhooks/:id', signedIn, async (request, reply) => {
      const scope = sessionOf(request).scope!;
      const { id } = request.params as { id: string };
      const detail = await findDelivery(platformCtx(deps, request), id, scope);
      if (!detail) {
        return sendScreen(
          request,
          reply,
          { title: 'Delivery not found', current: '/portal/webhooks', status: 404 },
          <section>
            <p>
              No webhook delivery <code class="wrap">{id}</code> in this environment. A delivery's id is its event's id
              (X-Webhook-Delivery); the sandbox and live portals each show their own.
            </p>
            <p>
              <a href="/portal/webhooks">Back to the webhooks</a>
            </p>
          </section>,
        );
      }
      const base = `/portal/webhooks/${detail.event.id}`;
      return sendScreen(
        request,
        reply,
        { title: `Delivery of ${detail.event.type}`, current: '/portal/webhooks' },
        <>
          <DeliveryFacts detail={detail} />
          <DeliveryActions request={request} detail={detail} base={base} settingsHref="/portal" />
          <PayloadSection detail={detail} />
          <HeadersSection detail={detail} />
          <AttemptsSection detail={detail} />
          <p>
            <a href="/portal/webhooks">Back to the webhooks</a>
          </p>
        </>,
      );
    });

    app.post('/portal/webhooks/:id/resend', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const scope = sessionOf(request).scope!;
      return postResend(staffCtx(deps, request), request, reply, { id, scope, back: backOf(id) });
    });

    app.post('/portal/webhooks/:id/retry', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const scope = sessionOf(request).scope!;
      return postRetry(staffCtx(deps, request), request, reply, { id, scope, back: backOf(id) });
    });
  };
}

/** The delivery's page, where a post's outcome shows (the site has checked the id is a UUID). */
const backOf = (id: string) => `/portal/webhooks/${id.toLowerCase()}`;
