/** @jsxRuntime automatic @jsxImportSource preact */
import { COLOR_TOKENS, FONT_FAMILY_MAX } from '@pm/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Environment } from '../../db/schema.js';
import {
  updateEnvironment,
  WIDGET_DEFAULT_COLOURS,
  WIDGET_LOCALES,
  widgetChangesOf,
  type ColourToken,
  type EnvironmentSettings,
} from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { formOf, redirectWith, refuseFields, runAudited } from '../web/act.js';
import { ColourField } from '../web/colour-field.js';
import { CheckboxesField, Field, PanelForm, SelectField } from '../web/shared.js';
import { signedIn } from './site.js';
import { fieldOfPath, readWidgetForm, tokenField, WIDGET_LABELS } from './tenant-widget-form.js';

const COLOUR_WORDS: Record<ColourToken, string> = {
  background: 'Background',
  surface: 'Surface (cards, the ticket)',
  text: 'Text',
  accent: 'Accent (buttons, links)',
  positive: 'Positive (gains)',
  negative: 'Negative (losses)',
};

const LENGTHS = [
  ['radius', 'Corner radius'],
  ['font-size', 'Font size'],
  ['spacing', 'Spacing unit'],
] as const;

/** A locale's name in English with its tag ("Spanish (es)"); the tag alone where Intl has no name. */
function localeWords(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/**
 * An environment's widget settings as a form (docs/platform-api.md, the `widget` of
 * `PUT …/environments/{environment}`): each colour a picker with the text of its value, the lengths and
 * the font as text, the scheme and the default locale chosen from lists, the locales as boxes (those the
 * widget ships, and any other the tenant has), the currency as text. A refused save names each bad field
 * beside it and changes nothing.
 */
export function WidgetSettingsForm(props: { request: FastifyRequest; tenantId: string; env: EnvironmentSettings }) {
  const { request, tenantId, env } = props;
  const e = env.environment;
  const widget = env.widget;
  const colours = WIDGET_DEFAULT_COLOURS[widget.scheme ?? 'light'];
  const locales = [...new Set([...WIDGET_LOCALES, ...widget.locales])];
  const labels = Object.fromEntries(locales.map((l) => [l, localeWords(l)]));
  const id = (name: string) => `${e}-widget-${name}`;
  return (
    <PanelForm
      request={request}
      action={`/panel/tenants/${tenantId}/environments/${e}/widget`}
      label={`Widget settings of ${e}`}
    >
      <fieldset>
        <legend>Colours</legend>
        <p class="hint">A colour left empty is the widget's own for the scheme, shown in its picker.</p>
        <div class="fields">
          {COLOR_TOKENS.map((token) => (
            <ColourField
              key={token}
              id={id(token)}
              name={tokenField(token)}
              label={COLOUR_WORDS[token]}
              value={widget.theme[token] ?? ''}
              fallback={colours[token]}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Shape and type</legend>
        <div class="fields">
          {LENGTHS.map(([token, label]) => (
            <div key={token}>
              <Field
                id={id(token)}
                name={tokenField(token)}
                label={label}
                value={widget.theme[token] ?? ''}
                hint="px or rem, or 0; empty: the widget's own"
                size={10}
              />
            </div>
          ))}
          <div class="wide">
            <Field
              id={id('font-family')}
              name={tokenField('font-family')}
              label="Font family"
              value={widget.theme['font-family'] ?? ''}
              hint="Font names, comma-separated; empty: the widget's own"
              maxLength={FONT_FAMILY_MAX}
            />
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend>Scheme, languages and currency</legend>
        <div class="fields">
          <div>
            <SelectField
              id={id('scheme')}
              name="scheme"
              label="Scheme"
              value={widget.scheme ?? ''}
              options={[
                ['', 'The widget’s own (light)'],
                ['light', 'Light'],
                ['dark', 'Dark'],
              ]}
            />
          </div>
          <div>
            <SelectField
              id={id('default_locale')}
              name="default_locale"
              label="Default locale"
              value={widget.defaultLocale}
              options={locales.map((l) => [l, labels[l]!] as const)}
            />
          </div>
          <div>
            <Field
              id={id('currency')}
              name="currency"
              label="Currency"
              value={widget.currency ?? ''}
              hint="EUR, USD… or a unit such as pts; empty: plain amounts"
              size={12}
              maxLength={32}
            />
          </div>
        </div>
        <CheckboxesField
          id={id('locales')}
          name="locales"
          legend="Locales the widget may show"
          options={locales}
          checked={widget.locales}
          labels={labels}
        />
      </fieldset>
      <p>
        <button type="submit">Save {e} widget settings</button>
      </p>
    </PanelForm>
  );
}

/**
 * Saving the form through the platform API's verb (updateEnvironment with the widget alone), audited as
 * `environment.widget` with the settings as its details, as before the form had fields.
 */
export function widgetRoutes(deps: ServiceDeps): FastifyPluginAsync {
  const policy = { allowInsecure: deps.allowInsecureWebhooks };
  return async (app) => {
    app.post('/panel/tenants/:id/environments/:environment/widget', signedIn, async (request, reply) => {
      const { id, environment } = request.params as { id: string; environment: Environment };
      const back = `/panel/tenants/${id}#widget-${environment}`;
      const form = readWidgetForm(formOf(request));
      if (!form.ok) return refuseFields(request, reply, back, form.errors, WIDGET_LABELS);
      const savedWords = `The ${environment} widget settings are saved.`;
      const changes = { tenantId: id, environment, widget: widgetChangesOf(form.body), webhookUrlPolicy: policy };
      const saved = await runAudited(
        platformCtx(deps, request),
        request,
        {
          action: 'environment.widget',
          target: `${id}/${environment}`,
          tenantId: id,
          environment,
          details: form.body,
          said: () => savedWords,
        },
        (ctx) => updateEnvironment(ctx, changes),
      );
      const named = !saved.ok ? namedIssues(saved.rejection.details) : {};
      if (Object.keys(named).length > 0) return refuseFields(request, reply, back, named, WIDGET_LABELS);
      return redirectWith(request, reply, back, saved, () => savedWords);
    });
  };
}

/** A verb's refusal that names its fields (`{issues: [{path, message}]}`), each beside its field. */
function namedIssues(details: unknown): Record<string, string> {
  const issues = (details as { issues?: { path?: unknown; message?: unknown }[] } | null)?.issues ?? [];
  const named: Record<string, string> = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? fieldOfPath(issue.path) : null;
    if (field && typeof issue.message === 'string')
      named[field] = `${issue.message[0]!.toUpperCase()}${issue.message.slice(1)}.`;
  }
  return named;
}
