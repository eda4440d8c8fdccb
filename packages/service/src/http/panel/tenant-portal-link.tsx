/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ENVIRONMENTS } from '../../domains/context.js';
import { issuePortalLink, portalLinkUrl } from '../../domains/portal-links/index.js';
import type { ServiceDeps } from '../../deps.js';
import type { Environment } from '../../db/schema.js';
import { platformCtx } from '../context.js';
import { runAudited } from '../web/act.js';
import { CopyButton } from '../web/page.js';
import { ActionButton, when } from '../web/shared.js';
import { peekFlash, setFlash } from '../web/web-session.js';
import { signedIn } from './site.js';

interface IssuedLink {
  tenantId: string;
  environment: Environment;
  url: string;
  expiresAt: string;
}

/** The link the last post issued, for this tenant's page only (it rides in the one-shot flash). */
function issuedLink(request: FastifyRequest, tenantId: string): IssuedLink | null {
  const link = peekFlash(request).extra.portalLink as IssuedLink | undefined;
  return link && link.tenantId === tenantId && typeof link.url === 'string' ? link : null;
}

/**
 * "Open a portal link" on a tenant's page: the platform API's portal-links verb, in
 * the audit log (never the token), then back to the tenant's page (post/redirect/get), which shows the
 * URL once with a copy button and its expiry; a reload shows it no more and issues nothing.
 */
export function PortalLinkSection(props: { request: FastifyRequest; tenantId: string; active: boolean }) {
  const { request, tenantId } = props;
  const link = issuedLink(request, tenantId);
  return (
    <section aria-labelledby="portal">
      <h2 id="portal">Tenant portal</h2>
      {link && (
        <div>
          <p>
            The {link.environment} portal's sign-in link: it works once, until {when(new Date(link.expiresAt))}. Send it
            to the tenant's staff only; it is shown on this page this once.
          </p>
          <p class="secret" id="portal-link-url" aria-label={`${link.environment} portal link`}>
            {link.url}
          </p>
          <p>
            <CopyButton target="portal-link-url" label="Copy the link" />
          </p>
        </div>
      )}
      {props.active ? (
        <p class="row">
          <PortalLinkButtons request={request} tenantId={tenantId} />
        </p>
      ) : (
        <p>A suspended tenant's staff cannot sign in: reactivate the tenant first.</p>
      )}
    </section>
  );
}

/** One button per environment (or the one given), each issuing a link to that environment's portal. */
export function PortalLinkButtons(props: { request: FastifyRequest; tenantId: string; environment?: Environment }) {
  const environments = props.environment ? [props.environment] : ENVIRONMENTS;
  return (
    <>
      {environments.map((environment) => (
        <ActionButton
          key={environment}
          request={props.request}
          action={`/panel/tenants/${props.tenantId}/portal-links`}
          fields={{ environment }}
          // The environment in the visible words, not only in an aria-label the words would contradict.
          label={props.environment ? `Open this tenant's ${environment} portal` : `Open a ${environment} portal link`}
        />
      ))}
    </>
  );
}

export function portalLinkRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/panel/tenants/:id/portal-links', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const given = (request.body as { environment?: unknown } | undefined)?.environment;
      const environment: Environment = given === 'live' ? 'live' : 'sandbox';
      const issued = await runAudited(
        platformCtx(deps, request),
        request,
        {
          action: 'portal_link.issue',
          target: id,
          tenantId: id,
          environment,
          details: { environment },
          detailsOf: (link: { token: string; expiresAt: Date }) => ({ expires_at: link.expiresAt.toISOString() }),
          said: () =>
            `The ${environment} portal link was shown once, on the answer to the first post, and is not kept: issue another if you need it.`,
        },
        (ctx) => issuePortalLink(ctx, { tenantId: id, environment }),
      );
      if (!issued.ok) {
        setFlash(request, reply, 'problem', issued.rejection.message);
      } else {
        const portalLink: IssuedLink = {
          tenantId: id,
          environment,
          url: portalLinkUrl(deps.publicUrl(environment), issued.value.token),
          expiresAt: issued.value.expiresAt.toISOString(),
        };
        setFlash(request, reply, 'notice', `A ${environment} portal link is issued; copy it below.`, { portalLink });
      }
      return reply.redirect(`/panel/tenants/${id}#portal`, 303);
    });
  };
}
