/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ENVIRONMENTS } from '../../domains/context.js';
import {
  getTenant,
  rotateWebhookSecret,
  UpdateEnvironmentBody,
  updateEnvironment,
  type EnvironmentSettings,
} from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, formOf, redirectWith, refuseForm, runAudited } from '../web/act.js';
import { Field, PanelForm, sendConfirmation, TextAreaField } from '../web/shared.js';
import { sendShownOnce } from '../web/shown-once.js';
import { linesOf } from '../../lib/text.js';
import { signedIn } from './site.js';
import { WidgetSettingsForm, widgetRoutes } from './tenant-widget.js';

const EnvironmentForm = z.object({ webhook_url: z.string().trim(), allowed_origins: z.string() });

const ENVIRONMENT_WORDS = {
  webhook_url: 'Enter an https address the service can reach, like https://example.com/hooks, or leave it empty.',
  allowed_origins: 'Enter origins like https://shop.example.com (scheme and host, no path), one per line.',
};

const ENVIRONMENT_TITLES = { sandbox: 'Sandbox', live: 'Live' } as const;

/**
 * One environment of a tenant, configuration only: webhook URL and origins, widget settings as a form,
 * and whether the webhook secret is set (rotating it is in the page's Danger zone: the old secret stops
 * at once).
 */
export function EnvironmentSection(props: { request: FastifyRequest; tenantId: string; env: EnvironmentSettings }) {
  const { request, tenantId, env } = props;
  const e = env.environment;
  const base = `/panel/tenants/${tenantId}/environments/${e}`;
  return (
    <section aria-labelledby={`env-${e}`}>
      <h2 id={`env-${e}`}>{ENVIRONMENT_TITLES[e]} settings</h2>
      <h3 id={`hooks-${e}`}>Webhooks and origins</h3>
      <PanelForm request={request} action={base} label={`Settings of ${e}`}>
        <Field
          id={`url-${e}`}
          name="webhook_url"
          label="Webhook URL (empty: no delivery)"
          inputMode="url"
          value={env.webhookUrl ?? ''}
          size={60}
        />
        <TextAreaField
          id={`origins-${e}`}
          name="allowed_origins"
          label="Allowed origins, one per line"
          value={env.allowedOrigins.join('\n')}
        />
        <p>
          <button type="submit">Save {e}</button>
        </p>
      </PanelForm>
      <p>
        Webhook secret: {env.webhookSecretSet ? 'set (never shown again)' : 'not set'}. Rotating it is in the{' '}
        <a href="#danger">Danger zone</a>.
      </p>
      <h3 id={`widget-${e}`}>Widget</h3>
      <WidgetSettingsForm request={request} tenantId={tenantId} env={env} />
    </section>
  );
}

/** Saving an environment's settings, its widget settings, and rotating its webhook secret. */
export function environmentRoutes(deps: ServiceDeps): FastifyPluginAsync {
  const policy = { allowInsecure: deps.allowInsecureWebhooks };
  return async (app) => {
    await app.register(widgetRoutes(deps));
    app.post('/panel/tenants/:id/environments/:environment', signedIn, async (request, reply) => {
      const { id, environment } = request.params as { id: string; environment: (typeof ENVIRONMENTS)[number] };
      const back = `/panel/tenants/${id}`;
      const form = EnvironmentForm.safeParse(formOf(request));
      if (!form.success) return refuseForm(request, reply, back, form.error, ENVIRONMENT_WORDS);
      const origins = linesOf(form.data.allowed_origins);
      const body = UpdateEnvironmentBody.safeParse({
        webhook_url: form.data.webhook_url || null,
        allowed_origins: origins,
      });
      if (!body.success) return refuseForm(request, reply, back, body.error, ENVIRONMENT_WORDS);
      const changes = {
        tenantId: id,
        environment: environment,
        webhookUrl: body.data.webhook_url ?? null,
        allowedOrigins: body.data.allowed_origins ?? [],
        webhookUrlPolicy: policy,
      };
      await act(platformCtx(deps, request), request, reply, (ctx) => updateEnvironment(ctx, changes), {
        action: 'environment.update',
        target: `${id}/${environment}`,
        tenantId: id,
        environment,
        // The URL's host only: a URL may carry a token in its path or query, which the log must not keep.
        details: { webhook_host: hostOf(changes.webhookUrl), allowed_origins: changes.allowedOrigins.length },
        back,
        done: () => `The ${environment} settings are saved.`,
      });
      deps.allowedOrigins.invalidate(id); // as the platform API does: this process at once
      return reply;
    });

    app.get('/panel/tenants/:id/environments/:environment/webhook-secret', signedIn, async (request, reply) => {
      const { id, environment } = request.params as { id: string; environment: string };
      const found = await getTenant(platformCtx(deps, request), id);
      if (!found.ok) return reply.redirect('/panel/tenants', 303);
      return sendConfirmation(request, reply, {
        title: `Rotate the ${environment} webhook secret of ${found.value.tenant.name}?`,
        current: '/panel/tenants',
        effect:
          'A new secret signs every delivery from the next attempt on, and the old one is invalid at once: the ' +
          "operator's receiver refuses our webhooks until it has the new secret, shown once on the next page.",
        action: `/panel/tenants/${id}/environments/${environment}/webhook-secret`,
        button: 'Rotate the secret',
        back: `/panel/tenants/${id}`,
      });
    });

    app.post('/panel/tenants/:id/environments/:environment/webhook-secret', signedIn, async (request, reply) => {
      const { id, environment } = request.params as { id: string; environment: (typeof ENVIRONMENTS)[number] };
      const back = `/panel/tenants/${id}`;
      const rotated = await runAudited(
        platformCtx(deps, request),
        request,
        {
          action: 'webhook_secret.rotate',
          target: `${id}/${environment}`,
          tenantId: id,
          environment,
          said: () =>
            `The new ${environment} webhook secret was shown once, on the answer to the first post, and is not kept. If the tenant does not have it, rotate it again.`,
        },
        (ctx) => rotateWebhookSecret(ctx, { tenantId: id, environment }),
      );
      if (!rotated.ok) return redirectWith(request, reply, back, rotated, () => '');
      return sendShownOnce(request, reply, {
        title: `The new ${environment} webhook secret`,
        current: '/panel/tenants',
        label: 'Webhook secret',
        secret: rotated.value,
        back,
        backLabel: 'Back to the tenant',
      });
    });
  };
}

function hostOf(url: string | null): string | null {
  return url === null ? null : URL.canParse(url) ? new URL(url).host : 'not a URL';
}
