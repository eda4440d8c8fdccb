/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '../../domains/events/index.js';
import {
  getOwnSettings,
  rotateWebhookSecret,
  sendTestEvent,
  updateOwnSettings,
  type EnvironmentSettings,
} from '../../domains/tenants/index.js';
import { webhookUrlProblem } from '../../domains/webhooks/index.js';
import type { ServiceDeps } from '../../deps.js';
import { act, formOf, humanIssue, redirectWith, refuseForm, runAudited } from '../web/act.js';
import { ConfirmFirst, PanelForm, sendConfirmation } from '../web/shared.js';
import { sendShownOnce } from '../web/shown-once.js';
import { linesOf } from '../../lib/text.js';
import { sampleEventOf, UpdateOwnSettingsBody } from '../routes/tenant-self-service.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

/** A refused save of the webhook URL and origins: what was sent, and what is wrong with each field. */
export interface RefusedSettings {
  webhookUrl: string;
  allowedOrigins: string;
  /** The page's summary: every problem, each naming its field. */
  problem: string;
  errors: FieldErrors;
}

interface FieldErrors {
  webhook_url?: string;
  allowed_origins?: string;
}

/** Shows the settings screen again with a refused save (settings.tsx). */
export type SendRefused = (
  request: FastifyRequest,
  reply: FastifyReply,
  refused: RefusedSettings,
) => Promise<FastifyReply>;

const SAVED = 'The webhook URL and allowed origins are saved.';
/** What a repeat of the rotation is told: the secret was on the first answer only. */
const SECRET_SHOWN_ONCE =
  'The new secret was shown once, on the answer to the first post, and is not kept. If you did not copy it, rotate it again.';
const SettingsForm = z.object({ webhook_url: z.string().trim(), allowed_origins: z.string() });
const TestEventForm = z.object({ event: z.enum(EVENT_TYPES as [EventType, ...EventType[]]) });

/**
 * The environment's webhook URL, allowed origins, webhook secret and test events on the portal's settings
 * screen: what PUT /v1/tenant/settings, POST /v1/tenant/webhook-secret and POST /v1/webhooks/test do with
 * an API key (docs/guides/self-service.md), through the same verbs and rules, for this tenant environment only.
 */
export function WebhookSettings(props: {
  request: FastifyRequest;
  settings: EnvironmentSettings;
  /** What a refused save sent: shown again instead of the stored values. */
  entered?: RefusedSettings;
}) {
  const { request, settings, entered } = props;
  const canSend = settings.webhookUrl !== null && settings.webhookSecretSet;
  const errors = entered?.errors ?? {};
  // A field's hint, and what is wrong with it when a save was refused, tied to it for screen readers.
  const described = (id: string, error: string | undefined) => (error ? `${id}-hint ${id}-error` : `${id}-hint`);
  return (
    <>
      <section aria-labelledby="delivery">
        <h2 id="delivery">Webhooks and allowed origins</h2>
        <PanelForm request={request} action="/portal/settings" label="Webhook URL and allowed origins">
          <label for="webhook-url">Webhook URL</label>
          <p id="webhook-url-hint">
            Where we POST this environment's events: https to a public host. Leave it empty to stop delivery.
          </p>
          <input
            id="webhook-url"
            name="webhook_url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellcheck={false}
            placeholder="https://example.com/webhooks"
            value={entered ? entered.webhookUrl : (settings.webhookUrl ?? '')}
            aria-describedby={described('webhook-url', errors.webhook_url)}
            aria-invalid={errors.webhook_url ? 'true' : undefined}
            size={60}
          />
          {errors.webhook_url && (
            <p class="field-error" id="webhook-url-error">
              {errors.webhook_url}
            </p>
          )}
          <label for="allowed-origins">Allowed origins, one per line</label>
          <p id="allowed-origins-hint">
            The sites that embed the widget, as https://shop.example.com: scheme and host (and a port only when it is
            not the default), no path.
          </p>
          <textarea
            id="allowed-origins"
            name="allowed_origins"
            rows={4}
            autoComplete="off"
            spellcheck={false}
            aria-describedby={described('allowed-origins', errors.allowed_origins)}
            aria-invalid={errors.allowed_origins ? 'true' : undefined}
          >
            {entered ? entered.allowedOrigins : settings.allowedOrigins.join('\n')}
          </textarea>
          {errors.allowed_origins && (
            <p class="field-error" id="allowed-origins-error">
              {errors.allowed_origins}
            </p>
          )}
          <p>
            <button type="submit">Save webhook URL and origins</button>
          </p>
        </PanelForm>
      </section>
      <section aria-labelledby="secret">
        <h2 id="secret">Webhook secret</h2>
        <p>
          {settings.webhookSecretSet
            ? 'A secret is set. It signs every delivery (X-Webhook-Signature) and is never shown again.'
            : 'No secret is set yet: deliveries cannot be signed, so they fail until you create one.'}
        </p>
        <p>
          <ConfirmFirst
            href="/portal/settings/webhook-secret"
            label={settings.webhookSecretSet ? 'Rotate the webhook secret…' : 'Create a webhook secret…'}
          />
        </p>
      </section>
      <section aria-labelledby="test-event">
        <h2 id="test-event">Send a test event</h2>
        <p>
          A signed event of the chosen type with sample data and <code>"test": true</code> in its data, delivered like
          any other: see it arrive on the <a href="/portal/webhooks">Webhooks</a> screen.
        </p>
        {!canSend && (
          <p>{settings.webhookUrl === null ? 'Set a webhook URL first.' : 'Create a webhook secret first.'}</p>
        )}
        <PanelForm request={request} action="/portal/settings/test-event" label="Send a test event">
          <label for="event-type">Event type</label>
          <select id="event-type" name="event">
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <p>
            <button type="submit">Send test event</button>
          </p>
        </PanelForm>
      </section>
    </>
  );
}

export function webhookSettingsRoutes(deps: ServiceDeps, sendRefused: SendRefused): FastifyPluginAsync {
  const webhookUrlPolicy = { allowInsecure: deps.allowInsecureWebhooks };
  return async (app) => {
    app.post('/portal/settings', signedIn, async (request, reply) => {
      const form = SettingsForm.safeParse(formOf(request));
      if (!form.success) return refuseForm(request, reply, '/portal', form.error);
      const entered = { webhookUrl: form.data.webhook_url, allowedOrigins: form.data.allowed_origins };
      const origins = linesOf(form.data.allowed_origins);
      const body = UpdateOwnSettingsBody.safeParse({
        webhook_url: entered.webhookUrl || null,
        allowed_origins: origins,
      });
      if (!body.success) {
        // The URL's own rules (https, a public host) are the verb's, which a refused form never reaches:
        // checked here too, so that a bad URL is named beside a bad origin.
        const urlIssue = body.error.issues.some((i) => i.path[0] === 'webhook_url');
        const environment = staffCtx(deps, request).tenantEnv.environment;
        const urlProblem =
          entered.webhookUrl && !urlIssue ? webhookUrlProblem(entered.webhookUrl, webhookUrlPolicy, environment) : null;
        const said = body.error.issues.map((issue) => ({ path: issue.path, message: humanIssue(issue) }));
        const issues = urlProblem ? [{ path: ['webhook_url'], message: urlProblem }, ...said] : said;
        return sendRefused(request, reply, refusal(entered, issues, origins));
      }
      const ctx = staffCtx(deps, request);
      const changes = {
        webhookUrl: body.data.webhook_url ?? null,
        allowedOrigins: body.data.allowed_origins ?? [],
        webhookUrlPolicy,
      };
      const saved = await runAudited(
        ctx,
        request,
        {
          action: 'environment.update',
          target: `${ctx.tenantEnv.tenantId}/${ctx.tenantEnv.environment}`,
          // The URL's host only: a URL may carry a token in its path or query, which the log must not keep.
          details: { webhook_host: hostOf(changes.webhookUrl), allowed_origins: changes.allowedOrigins.length },
          said: () => SAVED,
        },
        (tx) => updateOwnSettings(tx, changes),
      );
      if (!saved.ok) {
        const issues = (saved.rejection.details?.issues as { path: string; message: string }[] | undefined) ?? [];
        if (issues.length === 0)
          return sendRefused(request, reply, { ...entered, problem: saved.rejection.message, errors: {} });
        const asPaths = issues.map((i) => ({ path: i.path.split('/').slice(1), message: i.message }));
        return sendRefused(request, reply, refusal(entered, asPaths, origins));
      }
      deps.allowedOrigins.invalidate(ctx.tenantEnv.tenantId); // as the API does: this process at once
      return redirectWith(request, reply, '/portal', saved, () => SAVED);
    });

    app.get('/portal/settings/webhook-secret', signedIn, async (request, reply) => {
      const settings = await getOwnSettings(staffCtx(deps, request));
      const first = settings.ok && !settings.value.webhookSecretSet;
      return sendConfirmation(request, reply, {
        title: first ? 'Create a webhook secret?' : 'Rotate the webhook secret?',
        current: '/portal',
        effect: first
          ? 'A secret signs every delivery from the next attempt on, so that your receiver can tell our webhooks ' +
            'from anyone else’s. The next page shows it once: put it in your receiver then.'
          : 'A new secret signs every delivery from the next attempt on, and the old one stops at once: your receiver ' +
            'refuses our webhooks until it has the new secret, which the next page shows once.',
        action: '/portal/settings/webhook-secret',
        button: first ? 'Create the secret' : 'Rotate the secret',
        back: '/portal',
        safe: first,
      });
    });

    app.post('/portal/settings/webhook-secret', signedIn, async (request, reply) => {
      const ctx = staffCtx(deps, request);
      const target = `${ctx.tenantEnv.tenantId}/${ctx.tenantEnv.environment}`;
      const said = () => SECRET_SHOWN_ONCE;
      const rotated = await runAudited(ctx, request, { action: 'webhook_secret.rotate', target, said }, (tx) =>
        rotateWebhookSecret(tx, tx.tenantEnv),
      );
      if (!rotated.ok) return redirectWith(request, reply, '/portal', rotated, () => '');
      return sendShownOnce(request, reply, {
        title: 'Your new webhook secret',
        current: '/portal',
        label: 'Webhook secret',
        secret: rotated.value,
        note: 'Put it in your webhook receiver now: deliveries are signed with it from the next attempt on.',
        back: '/portal',
        backLabel: 'Back to settings',
      });
    });

    app.post('/portal/settings/test-event', signedIn, async (request, reply) => {
      const form = TestEventForm.safeParse(formOf(request));
      if (!form.success) return refuseForm(request, reply, '/portal', form.error);
      const ctx = staffCtx(deps, request);
      const type = form.data.event;
      return act(ctx, request, reply, (tx) => sendTestEvent(tx, sampleEventOf(type)), {
        action: 'webhook.test',
        target: `${ctx.tenantEnv.tenantId}/${ctx.tenantEnv.environment}`,
        details: { event: type },
        back: '/portal',
        done: (sent) =>
          `Test event ${type} queued (delivery ${sent.deliveryId}); the Webhooks screen shows its attempts.`,
      });
    });
  };
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** A message as a sentence: its full stop added unless it has one (a hint after it ends in its own). */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Every problem of a refused save in the form's own words, each next to its field: the webhook URL's, and
 * each refused origin by what was typed (so "foo" and a second bad line are both named).
 */
function refusal(entered: { webhookUrl: string; allowedOrigins: string }, issues: readonly Issue[], origins: string[]) {
  const said: Record<keyof FieldErrors, string[]> = { webhook_url: [], allowed_origins: [] };
  for (const issue of issues) {
    const [field, index] = issue.path;
    if (field === 'webhook_url') said.webhook_url.push(sentence(issue.message));
    else if (index !== undefined) said.allowed_origins.push(sentence(`${origins[Number(index)]} ${issue.message}`));
    else said.allowed_origins.push(sentence(issue.message));
  }
  const errors: FieldErrors = {};
  if (said.webhook_url.length > 0) errors.webhook_url = [...new Set(said.webhook_url)].join(' ');
  if (said.allowed_origins.length > 0) errors.allowed_origins = [...new Set(said.allowed_origins)].join(' ');
  const problem = [
    errors.webhook_url && `Webhook URL: ${errors.webhook_url}`,
    errors.allowed_origins && `Allowed origins: ${errors.allowed_origins}`,
  ]
    .filter(Boolean)
    .join(' ');
  return { ...entered, errors, problem: problem || 'The form is not valid.' };
}

function hostOf(url: string | null): string | null {
  return url === null ? null : URL.canParse(url) ? new URL(url).host : 'not a URL';
}
