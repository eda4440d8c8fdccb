/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TenantEnv } from '../../domains/context.js';
import { confirmKeyRotation, getTenant, rotateApiKey } from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, redirectWith, runAudited } from '../web/act.js';
import { KeysTable } from '../web/keys-table.js';
import { sendScreen, sendShownOnce } from '../web/shared.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

/** The session's tenant environment: every portal page and action is bound to it. */
const scopeOf = (request: FastifyRequest): TenantEnv => sessionOf(request).scope!;

/**
 * The settings screen (decisions part 9): the environment's API keys, by prefix only, and their rotation
 * with the changeover of spec 5.1: rotate (the new key shown once), both work, confirm (the old one is
 * refused from then on). Only this tenant environment's keys can be named (the verbs' `within`).
 */
export function settingsRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal', signedIn, async (request, reply) => {
      const scope = scopeOf(request);
      const found = await getTenant(platformCtx(deps, request), scope.tenantId);
      const tenant = found.ok ? found.value : null;
      const keys = (tenant?.keys ?? []).filter((k) => k.environment === scope.environment);
      return sendScreen(
        request,
        reply,
        { title: `${tenant?.tenant.name ?? 'Tenant'}: ${scope.environment} settings`, current: '/portal' },
        <section aria-labelledby="keys">
          <h2 id="keys">API keys</h2>
          <p>
            To change keys without downtime: rotate, put the new key in your servers, check they use it, then confirm
            the rotation. Until you confirm, both keys work; from then on the old one is refused.
          </p>
          <KeysTable request={request} keys={keys} now={deps.clock.now()} site="portal" />
        </section>,
      );
    });

    app.post('/portal/api-keys/:id/rotate', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const rotated = await runAudited(
        staffCtx(deps, request),
        request,
        { action: 'api_key.rotate', target: id },
        (ctx) => rotateApiKey(ctx, id, scopeOf(request)),
      );
      if (!rotated.ok) return redirectWith(request, reply, '/portal', rotated, () => '');
      return sendShownOnce(request, reply, {
        title: 'Your new API key',
        current: '/portal',
        label: 'API key',
        secret: rotated.value.apiKey,
        note: `Scopes: ${rotated.value.scopes.join(', ')}. The old key keeps working until you confirm the rotation.`,
        back: '/portal',
        backLabel: 'Back to settings',
      });
    });

    app.post('/portal/api-keys/:id/confirm-rotation', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      return act(staffCtx(deps, request), request, reply, (ctx) => confirmKeyRotation(ctx, id, scopeOf(request)), {
        action: 'api_key.confirm_rotation',
        target: id,
        back: '/portal',
        done: () => 'Rotation confirmed: the old key is refused from now on.',
      });
    });
  };
}
