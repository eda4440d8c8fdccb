/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TenantEnv } from '../../domains/context.js';
import {
  confirmKeyRotation,
  getOwnSettings,
  getTenant,
  rotateApiKey,
  type IssuedKey,
} from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, redirectWith, runAudited } from '../web/act.js';
import { KeysTable } from '../web/keys-table.js';
import { Page, sendPage } from '../web/page.js';
import { sendScreen } from '../web/shared.js';
import { sendShownOnce } from '../web/shown-once.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';
import { WebhookSettings, webhookSettingsRoutes, type RefusedSettings } from './webhook-settings.js';

/** The session's tenant environment: every portal page and action is bound to it. */
const scopeOf = (request: FastifyRequest): TenantEnv => sessionOf(request).scope!;

/**
 * The settings screen: the environment's webhook URL, allowed origins, webhook
 * secret and test events (webhook-settings.tsx), and its API keys, by prefix only, and their rotation
 * with the changeover (docs/platform-api.md, "Tenants, keys, support, reconciliation"): rotate (the new key shown
 * once), both work, confirm (the old one is refused from then on). Only this tenant environment's keys can be named
 * (the verbs' `within`).
 */
/**
 * The screen, or with a refused form of it (status 400): the form shows what was sent, and the reason why
 * not above it, so that nothing typed is lost.
 */
async function sendSettings(
  deps: ServiceDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  refused?: RefusedSettings,
): Promise<FastifyReply> {
  const scope = scopeOf(request);
  const found = await getTenant(platformCtx(deps, request), scope.tenantId);
  const tenant = found.ok ? found.value : null;
  const keys = (tenant?.keys ?? []).filter((k) => k.environment === scope.environment);
  const settings = await getOwnSettings(staffCtx(deps, request));
  const title = `${tenant?.tenant.name ?? 'Tenant'}: ${scope.environment} settings`;
  const body = (
    <>
      <section aria-labelledby="keys">
        <h2 id="keys">API keys</h2>
        <p>
          To change keys without downtime: rotate, put the new key in your servers, check they use it (Last used), then
          confirm the rotation. Until you confirm, both keys work; from then on the old one is refused.
        </p>
        <KeysTable request={request} keys={keys} now={deps.clock.now()} site="portal" />
      </section>
      {settings.ok && <WebhookSettings request={request} settings={settings.value} entered={refused} />}
    </>
  );
  if (!refused) return sendScreen(request, reply, { title, current: '/portal' }, body);
  const session = sessionOf(request);
  return sendPage(
    reply,
    <Page
      site={request.webSite}
      title={title}
      current="/portal"
      who={session.who}
      csrfToken={session.csrfToken}
      problem={refused.problem}
    >
      {body}
    </Page>,
    400,
  );
}

export function settingsRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(
      webhookSettingsRoutes(deps, (request, reply, refused) => sendSettings(deps, request, reply, refused)),
    );
    app.get('/portal', signedIn, async (request, reply) => sendSettings(deps, request, reply));

    app.post('/portal/api-keys/:id/rotate', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const rotated = await runAudited(
        staffCtx(deps, request),
        request,
        {
          action: 'api_key.rotate',
          target: id,
          said: (key: IssuedKey) =>
            `The new key (id ${key.id}) was shown once, on the answer to the first post, and is not kept. The old key keeps working: if you did not copy the new one, ask the platform team to revoke it (Support), then rotate again.`,
        },
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
