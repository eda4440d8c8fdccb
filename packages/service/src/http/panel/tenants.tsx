/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SCOPES } from '../../domains/api-keys/index.js';
import { ENVIRONMENTS } from '../../domains/context.js';
import {
  CreateTenantBody,
  createTenant,
  getTenant,
  issueApiKey,
  listTenants,
  setTenantStatus,
} from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { ok } from '../../errors/index.js';
import { act, formOf, listField, redirectWith, refuseForm, runAudited } from '../web/act.js';
import { EnvironmentSection, environmentRoutes } from './tenant-environments.js';
import { KeysTable } from '../web/keys-table.js';
import { KEY_SHOWN_ONCE, keyDetails, keyRoutes, shownOnce } from './tenant-keys.js';
import { CheckboxesField, Field, PanelForm, SelectField, sendConfirmation, sendScreen } from '../web/shared.js';
import { signedIn } from './site.js';
import { canList, readTenantList, TenantListSection, TENANTS_PAGE } from './tenant-list.js';
import { DangerZone } from './tenant-danger-zone.js';
import { tenantHealth } from './tenant-health.js';
import { healthLinks } from './tenant-health-links.js';
import { TenantHealthSection } from './tenant-health-section.js';
import { PortalLinkSection, portalLinkRoutes } from './tenant-portal-link.js';
import { tenantPauseRoutes } from './tenant-pauses.js';
import { TenantSummary } from './tenant-summary.js';
import { tenantPausesOf } from '../../domains/kill-switches/index.js';

const IssueKeyForm = z.object({
  environment: z.enum(ENVIRONMENTS),
  scopes: listField.pipe(z.array(z.enum(SCOPES)).min(1)),
});

const CREATE_WORDS = { name: 'Enter the tenant’s name, 1 to 200 characters.' };
const createdWords = (t: { name: string }) => `Tenant ${t.name} is created.`;
const KEY_LABELS = { environment: 'Environment', scopes: 'Scopes' };
const KEY_WORDS = { environment: 'Choose sandbox or live.', scopes: 'Tick at least one scope.' };

/**
 * Tenants: the list, a new tenant, and one tenant's page (docs/operations.md, "The platform panel"): what
 * stops it now and its health first, then its portal, keys and each environment's settings, and last the
 * Danger zone (pauses, secret rotation, key revocation, suspension).
 */
export function tenantRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/tenants', signedIn, async (request, reply) => {
      const read = readTenantList(request.query as Record<string, unknown>);
      const found = canList(read)
        ? await listTenants(platformCtx(deps, request), {
            name: read.name,
            ...(read.after && { after: read.after }),
            limit: TENANTS_PAGE + 1,
          })
        : [];
      return sendScreen(
        request,
        reply,
        { title: 'Tenants', current: '/panel/tenants', ...(!canList(read) && { status: 400 }) },
        <>
          <TenantListSection read={read} found={found} />
          <section aria-labelledby="new">
            <h2 id="new">New tenant</h2>
            <PanelForm request={request} action="/panel/tenants" label="New tenant">
              <Field id="new-name" name="name" label="Name" required maxLength={200} />
              <p>
                <button type="submit">Create tenant</button>
              </p>
            </PanelForm>
          </section>
        </>,
      );
    });

    app.post('/panel/tenants', signedIn, async (request, reply) => {
      const form = CreateTenantBody.safeParse({ name: formOf(request).name });
      if (!form.success) return refuseForm(request, reply, '/panel/tenants', form.error, CREATE_WORDS);
      const created = await runAudited(
        platformCtx(deps, request),
        request,
        { action: 'tenant.create', target: form.data.name, said: createdWords },
        async (ctx) => ok(await createTenant(ctx, form.data)),
      );
      const id = created.ok ? created.value.id : '';
      return redirectWith(request, reply, `/panel/tenants/${id}`, created, createdWords);
    });

    app.get('/panel/tenants/:id', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const ctx = platformCtx(deps, request);
      const found = await getTenant(ctx, id);
      if (!found?.ok) return notFound(request, reply, id);
      const { tenant, environments, keys } = found.value;
      const [pauses, health] = await Promise.all([tenantPausesOf(ctx, id), tenantHealth(ctx, id)]);
      return sendScreen(
        request,
        reply,
        { title: `Tenant ${tenant.name}`, current: '/panel/tenants' },
        <>
          <TenantSummary tenant={tenant} pauses={pauses} />
          <TenantHealthSection health={health} links={healthLinks(id)} />
          <PortalLinkSection request={request} tenantId={id} active={tenant.status === 'active'} />
          <section aria-labelledby="keys">
            <h2 id="keys">API keys</h2>
            <KeysTable request={request} keys={keys} now={ctx.now} site="panel" />
            <h3>Issue a key</h3>
            <PanelForm request={request} action={`/panel/tenants/${id}/api-keys`} label="Issue a key">
              <SelectField
                id="environment"
                name="environment"
                label={KEY_LABELS.environment}
                options={ENVIRONMENTS.map((e) => [e, e] as const)}
              />
              <CheckboxesField name="scopes" legend={KEY_LABELS.scopes} options={SCOPES} checked={SCOPES} />
              <p>
                <button type="submit">Issue key</button>
              </p>
            </PanelForm>
          </section>
          {environments.map((env) => (
            <EnvironmentSection key={env.environment} request={request} tenantId={id} env={env} />
          ))}
          <DangerZone
            request={request}
            tenant={tenant}
            environments={environments}
            keys={keys}
            pauses={pauses}
            now={ctx.now}
          />
        </>,
      );
    });

    app.get('/panel/tenants/:id/suspend', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const found = await getTenant(platformCtx(deps, request), id);
      if (!found.ok) return notFound(request, reply, id);
      const left = found.value.keys.filter((k) => !k.revokedAt).length;
      const keys =
        left === 0
          ? 'It has no API key left to revoke.'
          : left === 1
            ? 'Its API key not yet revoked is revoked at once and will not come back on reactivation.'
            : `Its ${left} API keys not yet revoked (either environment) are revoked at once and will not come back on reactivation.`;
      return sendConfirmation(request, reply, {
        title: `Suspend ${found.value.tenant.name}?`,
        current: '/panel/tenants',
        effect: `${keys} The sessions of its end users are refused (403 tenant_suspended) from the next request.`,
        action: `/panel/tenants/${id}/suspend`,
        button: `Suspend ${found.value.tenant.name}`,
        back: `/panel/tenants/${id}`,
      });
    });

    for (const [verb, status] of [
      ['suspend', 'suspended'],
      ['reactivate', 'active'],
    ] as const) {
      app.post(`/panel/tenants/:id/${verb}`, signedIn, async (request, reply) => {
        const { id } = request.params as { id: string };
        return act(
          platformCtx(deps, request),
          request,
          reply,
          (ctx) => setTenantStatus(ctx, { tenantId: id, status }),
          {
            action: `tenant.${verb}`,
            target: id,
            back: `/panel/tenants/${id}`,
            done: (t) => `${t.name} is ${t.status}.`,
          },
        );
      });
    }

    app.post('/panel/tenants/:id/api-keys', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const back = `/panel/tenants/${id}`;
      const form = IssueKeyForm.safeParse(formOf(request));
      if (!form.success) return refuseForm(request, reply, back, form.error, KEY_WORDS, KEY_LABELS);
      const { environment, scopes } = form.data;
      const issued = await runAudited(
        platformCtx(deps, request),
        request,
        {
          action: 'api_key.issue',
          target: id,
          details: { environment, scopes },
          detailsOf: keyDetails,
          said: (key) =>
            `${KEY_SHOWN_ONCE(key.id)} If you did not copy it, revoke it in the Danger zone below and issue another.`,
        },
        (ctx) => issueApiKey(ctx, { tenantId: id, environment, scopes }),
      );
      if (!issued.ok) return redirectWith(request, reply, back, issued, () => '');
      return shownOnce(request, reply, back, issued.value, 'The new key');
    });

    await app.register(environmentRoutes(deps));
    await app.register(keyRoutes(deps));
    await app.register(portalLinkRoutes(deps));
    await app.register(tenantPauseRoutes(deps));
  };
}

function notFound(request: FastifyRequest, reply: FastifyReply, id: string): FastifyReply {
  return sendScreen(
    request,
    reply,
    { title: 'No such tenant', current: '/panel/tenants', status: 404 },
    <p>
      There is no tenant {id}. <a href="/panel/tenants">All tenants</a>
    </p>,
  );
}
