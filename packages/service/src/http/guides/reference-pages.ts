import MarkdownIt from 'markdown-it';
import type { GuideFile } from './guide-files.js';
import { escapeHtml, shell } from './guide-page.js';
import { fieldsOf, limitWords, patternOf, typeWords, type Field, type Schema } from './reference-fields.js';
import { renderGuide } from './render-guide.js';
import {
  legacyAnchors,
  type Operation,
  type Parameter,
  type ReferenceDocument,
  type ReferenceEvent,
  type ReferenceOperation,
  type ReferenceResource,
} from './reference-document.js';

export { operationHref } from './reference-href.js';

/**
 * The API reference rendered on the server (docs/operator-api.md, "The API reference"): the served OpenAPI
 * document as one page per resource, the resource being the part of each operationId before its dot
 * (`balanceSync.create` → /docs/reference/balance-sync#create), and the webhook events on the webhooks
 * page. Plain HTML in the guides' layout and stylesheet: nothing is rendered in the browser.
 */

// Descriptions are markdown without HTML, as the guides are (render-guide.ts): raw HTML shows as text.
const inline = new MarkdownIt({ html: false, linkify: false, typographer: false });
const block = (text: string) => renderGuide(text, new Set(), new Map()).html;
const words = (text: string) => inline.renderInline(text);

/** The rate limit is shown among the operation's facts, so its line is left out of the description. */
const withoutRateLimit = (text: string) =>
  text
    .split(/\n\n/)
    .filter((p) => !p.startsWith('**Rate limit:**'))
    .join('\n\n');

function authWords(operation: Operation, doc: ReferenceDocument): string {
  const schemes = [...new Set((operation.security ?? []).flatMap((s) => Object.keys(s)))];
  if (schemes.length === 0) return 'None: a public route';
  const names: Record<string, string> = {
    apiKey: 'API key (<code>Authorization: Bearer pmk_…</code>, from your server)',
    sessionToken: 'widget session token (<code>Authorization: Bearer</code> the token)',
  };
  const said = schemes.map((s) => names[s] ?? escapeHtml(doc.components?.securitySchemes?.[s]?.description ?? s));
  return said.join(' or ');
}

function rateWords(operation: Operation): string | undefined {
  const limit = operation['x-rate-limit'];
  if (!limit) return undefined;
  if (limit.tier === 'none') return 'Not limited';
  const n = (value: number) => value.toLocaleString('en-US');
  const perUser = limit.per_end_user_per_minute;
  const user = typeof perUser === 'number' ? `, ${n(perUser)} per end user` : '';
  return `${n(limit.per_tenant_per_minute ?? 0)} a minute per tenant environment${user} (tier <code>${escapeHtml(limit.tier)}</code>); over it 429 <code>rate_limited</code>. <a href="/docs/guides/rate-limits">Rate limits</a>`;
}

function fieldItem(field: Field): string {
  const limits = limitWords(field.schema);
  const pattern = patternOf(field.schema);
  const description = field.schema.description ?? nullableDescription(field.schema);
  const name = field.name.replace(/([_.[\]])/g, '$1<wbr>');
  return `<li class="field d${Math.min(field.depth, 3)}"><p class="field-head"><code class="name">${name}</code> <span class="type">${escapeHtml(typeWords(field.schema))}</span>${field.required ? ' <span class="req">required</span>' : ' <span class="opt">optional</span>'}</p>${
    limits.length ? `<p class="limits">${limits.join('; ')}</p>` : ''
  }${description ? `<div class="fdesc">${words(description)}</div>` : ''}${
    pattern ? `<p class="pattern">Pattern <code>${escapeHtml(pattern)}</code></p>` : ''
  }</li>`;
}

const nullableDescription = (schema: Schema) =>
  (schema.anyOf ?? schema.oneOf ?? []).find((s) => s.description)?.description;

function parameterFields(parameters: Parameter[]): Field[] {
  return parameters.map((p) => ({
    name: p.in === 'header' ? headerName(p.name) : p.name,
    depth: 0,
    required: p.required ?? false,
    schema: { ...p.schema, description: p.description ?? p.schema?.description },
  }));
}

const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

const fieldList = (fields: Field[]) => `<ul class="fields">${fields.map(fieldItem).join('')}</ul>`;

function parametersHtml(operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const groups: [string, string][] = [
    ['path', 'Path parameters'],
    ['query', 'Query parameters'],
    ['header', 'Headers'],
  ];
  let html = '';
  for (const [where, title] of groups) {
    const these = parameters.filter((p) => p.in === where);
    if (these.length) html += `<h3>${title}</h3>${fieldList(parameterFields(these))}`;
  }
  const body = operation.requestBody?.content?.['application/json'];
  if (body?.schema) {
    const fields = fieldsOf(body.schema);
    const intro = operation.requestBody?.description ?? body.schema.description;
    html += `<h3>Body <span class="muted">application/json</span></h3>${intro ? `<p>${words(intro)}</p>` : ''}${
      fields.length ? fieldList(fields) : '<p>An empty JSON object, <code>{}</code>.</p>'
    }`;
  }
  return html;
}

/** The error codes a status names (its description lists them, comma-separated, as the catalog spells them). */
function errorCodes(description: string | undefined, doc: ReferenceDocument): string[] {
  const catalog = doc.components?.['x-error-catalog'] ?? {};
  const codes = (description ?? '').split(', ');
  return codes.every((c) => c in catalog) ? codes : [];
}

function responsesHtml(operation: Operation, doc: ReferenceDocument): string {
  const catalog = doc.components?.['x-error-catalog'] ?? {};
  const items = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const codes = errorCodes(response.description, doc);
    const kind = status.startsWith('2') ? 'ok' : status.startsWith('4') ? 'client' : 'server';
    const text = codes.length
      ? `<ul class="codes">${codes
          .map((c) => `<li><code>${escapeHtml(c)}</code> ${words(catalog[c]?.description ?? '')}</li>`)
          .join('')}</ul>`
      : `<div class="fdesc">${words(response.description ?? '')}</div>`;
    const types = Object.keys(response.content ?? {}).filter((t) => t !== 'application/json');
    return `<li><span class="status ${kind}">${escapeHtml(status)}</span>${types.length ? ` <span class="muted">${escapeHtml(types.join(', '))}</span>` : ''}${text}</li>`;
  });
  return `<h3>Responses</h3><ul class="responses">${items.join('')}</ul>`;
}

function codeFigure(label: string, language: string, source: string, attributes = ''): string {
  return `<figure class="code"${attributes}><div class="code-label"><span>${escapeHtml(label)}</span></div><pre tabindex="0"><code class="language-${language}">${escapeHtml(source)}</code></pre></figure>`;
}

const LANGUAGES: Record<string, string> = { Shell: 'sh', TypeScript: 'ts', Python: 'python' };

/**
 * The samples as tabs made of radio buttons: CSS shows the checked one's panel, so they work and do not
 * move anything on the page without the script, which only keeps one language chosen on every operation.
 */
function samplesHtml(anchor: string, operation: Operation): string {
  const samples = operation['x-codeSamples'] ?? [];
  if (samples.length === 0) return '';
  const group = `lang-${anchor}`;
  const tabs = samples
    .map((s, i) => {
      const language = LANGUAGES[s.lang] ?? 'text';
      const id = `${group}-${language}`;
      return `<input type="radio" name="${group}" id="${id}" value="${language}"${i === 0 ? ' checked' : ''}><label for="${id}">${escapeHtml(s.label)}</label>`;
    })
    .join('');
  const panels = samples
    .map((s) => {
      const language = LANGUAGES[s.lang] ?? 'text';
      return codeFigure(s.lang === 'Shell' ? 'Shell' : s.lang, language, s.source, ` data-lang="${language}"`);
    })
    .join('');
  return `<div class="samples"><fieldset class="langs"><legend>Request sample</legend>${tabs}</fieldset>${panels}</div>`;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** An error envelope for the status most particular to the operation, from the catalog's words. */
function errorExample(operation: Operation, doc: ReferenceDocument): { status: string; body: unknown } | undefined {
  const catalog = doc.components?.['x-error-catalog'] ?? {};
  const errors = Object.entries(operation.responses ?? {}).filter(([s]) => /^[45]/.test(s));
  const rank = (s: string) => (['409', '422', '404', '400'].includes(s) ? ['409', '422', '404', '400'].indexOf(s) : 9);
  const [status, response] = errors.sort(([a], [b]) => rank(a) - rank(b))[0] ?? [];
  const code = errorCodes(response?.description, doc)[0];
  if (!status || !code) return undefined;
  return {
    status,
    body: {
      error: code,
      message: catalog[code]?.description ?? '',
      details: null,
      request_id: '0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9a0b',
      source: 'api',
      ts: '2026-11-25T12:00:00.000Z',
    },
  };
}

function examplesHtml(operation: Operation, doc: ReferenceDocument): string {
  let html = '';
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    for (const [type, media] of Object.entries(response.content ?? {})) {
      if (media.example === undefined) continue;
      const text = typeof media.example === 'string' ? media.example : json(media.example);
      html += codeFigure(
        `Response ${status}${type === 'application/json' ? '' : ` ${type}`}`,
        type === 'application/json' ? 'json' : 'text',
        text,
      );
    }
    if (!response.content) html += `<p class="muted">${escapeHtml(status)}: no body.</p>`;
  }
  const error = errorExample(operation, doc);
  if (error) html += codeFigure(`Error ${error.status}`, 'json', json(error.body));
  return html;
}

function factsHtml(operation: Operation, doc: ReferenceDocument, id: string | undefined): string {
  const facts: [string, string][] = [['Auth', authWords(operation, doc)]];
  const key = (operation.parameters ?? []).find((p) => p.in === 'header' && p.name === 'idempotency-key');
  if (key)
    facts.push([
      'Idempotency-Key',
      `${key.required ? 'required' : 'optional'}: the same key and body replay the first answer. <a href="/docs/guides/errors">Retries</a>`,
    ]);
  const rate = rateWords(operation);
  if (rate) facts.push(['Rate limit', rate]);
  if (id) facts.push(['SDK', `<code>pm.${escapeHtml(id)}(…)</code>`]);
  return `<dl class="facts">${facts.map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`).join('')}</dl>`;
}

const methodBadge = (method: string) => `<span class="method ${method}">${method.toUpperCase()}</span>`;

function operationHtml(op: ReferenceOperation, doc: ReferenceDocument): string {
  const { operation } = op;
  const description = withoutRateLimit(operation.description ?? '');
  return `<section class="op" aria-labelledby="${op.anchor}">
<div class="op-main">
<h2 id="${op.anchor}"><a class="anchor" href="#${op.anchor}">${escapeHtml(operation.summary ?? op.path)}</a></h2>
<p class="endpoint">${methodBadge(op.method)} <code>${escapeHtml(op.path)}</code></p>
${description ? `<div class="desc">${block(description)}</div>` : ''}
${factsHtml(operation, doc, operation.operationId)}
${parametersHtml(operation)}
${responsesHtml(operation, doc)}
</div>
<div class="op-side">
${samplesHtml(op.anchor, operation)}
${examplesHtml(operation, doc)}
</div>
</section>`;
}

function eventHtml(event: ReferenceEvent, doc: ReferenceDocument): string {
  const { operation } = event;
  const id = event.type;
  const body = operation.requestBody?.content?.['application/json'];
  const headers = (operation.parameters ?? []).filter((p) => p.in === 'header');
  return `<section class="op" aria-labelledby="${escapeHtml(id)}">
<div class="op-main">
<h2 id="${escapeHtml(id)}"><a class="anchor" href="#${escapeHtml(id)}"><code>${escapeHtml(id)}</code></a></h2>
<p class="endpoint">${methodBadge('post')} <span>to your <code>webhook_url</code></span></p>
${operation.description ? `<div class="desc">${block(operation.description)}</div>` : ''}
${headers.length ? `<h3>Headers</h3>${fieldList(parameterFields(headers))}` : ''}
${body?.schema ? `<h3>Body <span class="muted">application/json</span></h3>${fieldList(fieldsOf(body.schema))}` : ''}
${responsesHtml(operation, doc).replace('<h3>Responses</h3>', '<h3>Your answer</h3>')}
</div>
<div class="op-side">
${body?.example === undefined ? '' : codeFigure('Payload', 'json', json(body.example))}
</div>
</section>`;
}

/** The sidebar of the reference: every resource, and the operations of the one shown. */
function referenceNav(resources: ReferenceResource[], current: string | undefined): string {
  const item = (r: ReferenceResource) => {
    const here = r.slug === current;
    const inner = here
      ? `<ul class="ops">${r.operations
          .map((o) => `<li><a href="#${o.anchor}">${escapeHtml(o.operation.summary ?? o.path)}</a></li>`)
          .join(
            '',
          )}${r.events.length ? `<li><a href="#events">Events</a></li>${r.events.map((e) => `<li><a href="#${escapeHtml(e.type)}">${escapeHtml(e.type)}</a></li>`).join('')}` : ''}</ul>`
      : '';
    return `<li><a href="/docs/reference/${r.slug}"${here ? ' aria-current="page"' : ''}>${escapeHtml(r.title)}</a>${inner}</li>`;
  };
  return `<ul><li><a href="/docs/reference"${current === undefined ? ' aria-current="page"' : ''}>Overview</a></li>${resources.map(item).join('')}</ul>`;
}

function referenceShell(
  title: string,
  current: string | undefined,
  resources: ReferenceResource[],
  guides: GuideFile[],
  body: string,
) {
  return shell({
    title,
    guides,
    body,
    reference: {
      nav: referenceNav(resources, current),
      menu: referenceNav(resources, undefined).replace(' aria-current="page"', ''),
    },
  });
}

/** /docs/reference/<resource>: its operations (and on the webhooks page, every event). */
export function referenceResourcePage(
  resource: ReferenceResource,
  doc: ReferenceDocument,
  resources: ReferenceResource[],
  guides: GuideFile[],
): string {
  const endpoints = resource.operations
    .map((o) => `<li><a href="#${o.anchor}">${methodBadge(o.method)} <code>${escapeHtml(o.path)}</code></a></li>`)
    .join('');
  const events = resource.events.length
    ? `<h2 id="events" class="part">Events</h2><p>What the service sends to your <code>webhook_url</code>: one signed POST per event, delivered at least once. <a href="/docs/guides/webhooks">The webhooks guide</a> shows how to verify and answer them.</p>
<ul class="endpoints">${resource.events.map((e) => `<li><a href="#${escapeHtml(e.type)}"><code>${escapeHtml(e.type)}</code></a></li>`).join('')}</ul>
${resource.events.map((e) => eventHtml(e, doc)).join('\n')}`
    : '';
  const body = `<main id="content" class="reference">
<article class="guide">
<h1>${escapeHtml(resource.title)}</h1>
${resource.description ? `<p class="lead">${words(resource.description)}</p>` : ''}
${endpoints ? `<ul class="endpoints">${endpoints}</ul>` : ''}
${resource.operations.map((o) => operationHtml(o, doc)).join('\n')}
${events}
</article>
</main>`;
  return referenceShell(`${resource.title} · API reference`, resource.slug, resources, guides, body);
}

/** /docs/reference: the document's introduction, authentication, every operation by resource, and errors. */
export function referenceIndexPage(
  doc: ReferenceDocument,
  resources: ReferenceResource[],
  guides: GuideFile[],
): string {
  const schemes = Object.entries(doc.components?.securitySchemes ?? {})
    .map(
      ([name, s]) =>
        `<li><strong>${name === 'apiKey' ? 'API key' : name === 'sessionToken' ? 'Widget session token' : escapeHtml(name)}</strong>: <code>Authorization: Bearer</code> ${words(s.description ?? '')}</li>`,
    )
    .join('');
  const cards = resources
    .map((r) => {
      const ops = r.operations
        .map((o) => {
          const legacy = legacyAnchors(o.operation.tags?.[0], o.operation.operationId, o.path, o.method).join(' ');
          return `<li><a href="/docs/reference/${r.slug}#${o.anchor}" data-legacy="${escapeHtml(legacy)}">${methodBadge(o.method)} <code>${escapeHtml(o.path)}</code></a> <span class="muted">${escapeHtml(o.operation.summary ?? '')}</span></li>`;
        })
        .join('');
      const events = r.events
        .map((e) => {
          const legacy = legacyAnchors(e.operation.tags?.[0], e.operation.operationId, e.type, 'post').join(' ');
          return `<li><a href="/docs/reference/${r.slug}#${escapeHtml(e.type)}" data-legacy="${escapeHtml(legacy)}">Event <code>${escapeHtml(e.type)}</code></a></li>`;
        })
        .join('');
      return `<section class="resource"><h3><a href="/docs/reference/${r.slug}">${escapeHtml(r.title)}</a></h3><ul class="endpoints">${ops}${events}</ul></section>`;
    })
    .join('');
  const envelope = doc.components?.schemas?.ErrorEnvelope;
  const errors = envelope
    ? `<h2 id="errors">Errors</h2>${fieldList(fieldsOf(envelope))}<div class="desc">${block(envelope.description ?? '')}</div>`
    : '';
  const body = `<main id="content" class="reference">
<article class="guide">
<h1>${escapeHtml(doc.info?.title ?? 'API reference')}</h1>
<div class="desc">${block(doc.info?.description ?? '')}</div>
<p>The same reference as a file: <a href="/v1/openapi.json">the OpenAPI document</a>.</p>
<h2 id="authentication">Authentication</h2>
<ul>${schemes}</ul>
<h2 id="resources">Resources</h2>
<div class="resources">${cards}</div>
${errors}
</article>
</main>`;
  return referenceShell('API reference', undefined, resources, guides, body);
}

/** The 404 of a resource that does not exist. */
export function missingReferencePage(resources: ReferenceResource[], guides: GuideFile[]): string {
  const body = `<main id="content" class="reference"><article class="guide"><h1>No such resource</h1><p>The <a href="/docs/reference">API reference</a> lists every resource and route.</p></article></main>`;
  return referenceShell('No such resource', '', resources, guides, body);
}
