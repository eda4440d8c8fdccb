/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  confirmKeyRotation,
  getTenant,
  revokeApiKey,
  rotateApiKey,
  type IssuedKey,
} from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { isUuid } from '../../lib/ids.js';
import { act, formOf, redirectWith, runAudited } from '../web/act.js';
import { sendConfirmation } from '../web/shared.js';
import { sendShownOnce } from '../web/shown-once.js';
import { signedIn } from './site.js';

/** What the audit log keeps of a new key: its id and its displayed prefix, never the key. */
export const keyDetails = (key: IssuedKey) => ({ key_id: key.id, prefix: key.prefix });

/** A tenant's page: the key's own once it is known, else the one the form names (only a tenant page path is taken). */
const backOf = (tenant: unknown) =>
  typeof tenant === 'string' && isUuid(tenant) ? `/panel/tenants/${tenant}` : '/panel/tenants';

/**
 * Revoke, rotate (the new key shown once) and confirm a rotation (docs/platform-api.md,
 * "Tenants, keys, support, reconciliation").
 */
export function keyRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/api-keys/:id/revoke', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const tenantId = String((request.query as { tenant_id?: unknown }).tenant_id ?? '');
      const tenant = isUuid(tenantId) ? await getTenant(platformCtx(deps, request), tenantId) : null;
      const key = tenant?.ok ? tenant.value.keys.find((k) => k.id === id && !k.revokedAt) : undefined;
      if (!tenant?.ok || !key) return reply.redirect(backOf(tenantId), 303);
      return sendConfirmation(request, reply, {
        title: `Revoke key ${key.prefix}…?`,
        current: '/panel/tenants',
        effect:
          `The ${key.environment} key ${key.prefix}… of ${tenant.value.tenant.name} (${key.scopes.join(', ')}) is refused ` +
          'with 401 from the next request, by every process. A revoked key cannot be brought back.',
        action: `/panel/api-keys/${id}/revoke`,
        fields: { tenant_id: tenantId },
        button: `Revoke key ${key.prefix}`,
        back: backOf(tenantId),
      });
    });

    app.post('/panel/api-keys/:id/revoke', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      return act(platformCtx(deps, request), request, reply, (ctx) => revokeApiKey(ctx, id), {
        action: 'api_key.revoke',
        target: id,
        back: backOf(formOf(request).tenant_id),
        backOf: (key) => backOf(key.tenantId),
        done: () => 'The key is revoked.',
      });
    });

    app.post('/panel/api-keys/:id/rotate', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const back = backOf(formOf(request).tenant_id);
      const rotated = await runAudited(
        platformCtx(deps, request),
        request,
        {
          action: 'api_key.rotate',
          target: id,
          detailsOf: keyDetails,
          said: (key) =>
            `${KEY_SHOWN_ONCE(key.id)} The old key keeps working: if you did not copy the new one, revoke it in the Danger zone below and rotate again.`,
        },
        (ctx) => rotateApiKey(ctx, id, 'any tenant'),
      );
      if (!rotated.ok) return redirectWith(request, reply, back, rotated, () => '');
      // Back to the key's own tenant, whatever tenant the form named.
      return shownOnce(request, reply, backOf(rotated.value.tenantId), rotated.value, 'The replacement key');
    });

    app.post('/panel/api-keys/:id/confirm-rotation', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      return act(platformCtx(deps, request), request, reply, (ctx) => confirmKeyRotation(ctx, id, 'any tenant'), {
        action: 'api_key.confirm_rotation',
        target: id,
        back: backOf(formOf(request).tenant_id),
        backOf: (key) => backOf(key.tenantId),
        done: () => 'Rotation confirmed: the old key is refused from now on.',
      });
    });
  };
}

/** What a repeat of a form that issued a key is told: the key was on the first answer only. */
export const KEY_SHOWN_ONCE = (id: string) =>
  `The key (id ${id}) was shown once, on the answer to the first post, and is not kept.`;

/** A new key, shown once on the page that answers its issue or rotation. */
export function shownOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  back: string,
  key: IssuedKey,
  what: string,
): FastifyReply {
  return sendShownOnce(request, reply, {
    title: `${what} for ${key.environment}`,
    current: '/panel/tenants',
    label: 'API key',
    secret: key.apiKey,
    note: `Scopes: ${key.scopes.join(', ')}. Id: ${key.id}.`,
    back,
    backLabel: 'Back to the tenant',
  });
}
