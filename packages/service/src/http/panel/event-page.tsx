/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { tenantNames } from '../../domains/tenants/index.js';
import { findDelivery, findEventById } from '../../domains/webhooks/index.js';
import type { ServiceDeps } from '../../deps.js';
import { isUuid } from '../../lib/ids.js';
import { platformCtx } from '../context.js';
import { DeliveryActions, postResend, postRetry } from '../web/delivery-actions.js';
import { AttemptsSection } from '../web/delivery-attempts.js';
import { DeliveryFacts } from '../web/delivery-facts.js';
import { HeadersSection, PayloadSection } from '../web/delivery-payload.js';
import { sendScreen } from '../web/shared.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';
import { PortalLinkButtons } from './tenant-portal-link.js';

/**
 * A webhook event and its delivery (same id) on the panel (docs/operations.md, "Finding something by
 * id"): its tenant and environment, the delivery's facts, Resend or Retry now (audited as the panel's
 * person), the payload, the headers sent and every attempt: the portal's delivery page's parts (web/).
 */
export function eventRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/events/:id', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const ctx = platformCtx(deps, request);
      const detail = await findDelivery(ctx, id, null);
      if (!detail) return missing(request, reply, id);
      const { scope } = detail;
      const name = (await tenantNames(ctx, [scope.tenantId])).get(scope.tenantId);
      return sendScreen(
        request,
        reply,
        { title: `Webhook event ${detail.event.type}`, current: '/panel/search' },
        <>
          <DeliveryFacts
            detail={detail}
            before={[
              ['Tenant', <TenantName id={scope.tenantId} name={name} />],
              ['Environment', scope.environment],
            ]}
          />
          <p>
            <PortalLinkButtons request={request} tenantId={scope.tenantId} environment={scope.environment} />
          </p>
          <DeliveryActions request={request} detail={detail} base={`/panel/events/${detail.event.id}`} />
          <PayloadSection detail={detail} />
          <HeadersSection detail={detail} />
          <AttemptsSection detail={detail} />
        </>,
      );
    });

    app.post('/panel/events/:id/resend', signedIn, async (request, reply) => {
      const post = await postOf(deps, request);
      return postResend(platformCtx(deps, request), request, reply, post);
    });

    app.post('/panel/events/:id/retry', signedIn, async (request, reply) => {
      const post = await postOf(deps, request);
      return postRetry(platformCtx(deps, request), request, reply, post);
    });
  };
}

/** A post's delivery, with its tenant and environment for the audit log (the verb finds an unknown one). */
async function postOf(deps: ServiceDeps, request: FastifyRequest) {
  const { id } = request.params as { id: string };
  const event = isUuid(id) ? await findEventById(platformCtx(deps, request).db, id) : null;
  return {
    id,
    scope: null,
    tenantId: event?.scope.tenantId,
    environment: event?.scope.environment,
    back: event ? `/panel/events/${event.id}` : '/panel/search',
  };
}

function missing(request: FastifyRequest, reply: FastifyReply, id: string): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: 'No such webhook event', current: '/panel/search', status: 404 },
    <p>
      There is no webhook event {id}. <a href={`/panel/search?q=${encodeURIComponent(id)}`}>Search for it</a>
    </p>,
  );
}
