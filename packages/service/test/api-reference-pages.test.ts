import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';
import { readGuides } from '../src/http/guides/guide-files.js';
import { escapeHtml } from '../src/http/guides/guide-page.js';
import { operationAnchors, renderGuide } from '../src/http/guides/render-guide.js';
import { apiReferenceRoutes } from '../src/http/routes/api-reference.js';

/**
 * The API reference rendered on the server (docs/operator-api.md, "The API reference"): /docs/reference and
 * one page per resource of the served document, every operation under its anchor, every link resolving.
 */
let service: TestService;
let doc: any;
const fetched = new Map<string, Promise<{ status: number; html: string; headers: Headers }>>();

/** A page of the sandbox listener, fetched once by this file. */
function page(path: string) {
  let answer = fetched.get(path);
  if (!answer)
    fetched.set(
      path,
      (answer = fetch(`${service.urls.sandbox}${path}`).then(async (res) => ({
        status: res.status,
        html: await res.text(),
        headers: res.headers,
      }))),
    );
  return answer;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

/** Every operation of the document, where the reference should show it. */
function operations() {
  return Object.entries<any>(doc.paths).flatMap(([path, item]) =>
    Object.entries<any>(item).map(([method, operation]) => {
      const [resource, verb] = String(operation.operationId).split('.');
      return { method, path, operation, page: `/docs/reference/${kebab(resource!)}`, anchor: kebab(verb!) };
    }),
  );
}

beforeAll(async () => {
  service = await startTestService();
  doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
});
afterAll(() => service?.stop());

describe('the API reference pages', () => {
  it('show every operation of the document on its resource page, under the anchor of its verb', async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(40);
    for (const { method, path, operation, page: at, anchor } of all) {
      const { status, html } = await page(at);
      expect(status, at).toBe(200);
      const where = `${method.toUpperCase()} ${path} on ${at}`;
      expect(ids(html), where).toContain(anchor);
      expect(html, where).toContain(`<code>${escapeHtml(path)}</code>`);
      expect(html, where).toContain(escapeHtml(operation.summary));
      // The samples the document carries, all three, on the page.
      for (const sample of operation['x-codeSamples'] ?? [])
        expect(html, `${where}: ${sample.label}`).toContain(escapeHtml(sample.source));
    }
    // Index and sidebar list every resource page.
    const index = await page('/docs/reference');
    for (const at of new Set(all.map((o) => o.page))) expect(index.html).toContain(`href="${at}"`);
  });

  it('show every webhook event, with its fields and its payload, on the webhooks page', async () => {
    const { html } = await page('/docs/reference/webhooks');
    for (const [event, item] of Object.entries<any>(doc.webhooks)) {
      expect(ids(html), event).toContain(event);
      const example = item.post.requestBody.content['application/json'].example;
      expect(html, event).toContain(escapeHtml(JSON.stringify(example, null, 2)));
    }
    expect(html).toContain('X-Webhook-Signature');
  });

  it('say types and limits in words, the pattern only as a detail, and show auth, key, rate limit and errors', async () => {
    const { html } = await page('/docs/reference/balance-sync');
    const create = html.slice(html.indexOf('id="create"'), html.indexOf('id="create-batch"'));
    expect(create).toContain(
      '<code class="name">amount</code> <span class="type">string</span> <span class="req">required</span>',
    );
    expect(create).toContain('a decimal string with up to two places');
    expect(create).toContain('one of <code>credit</code>, <code>debit</code>');
    expect(create).toContain('1 to 128 characters');
    expect(create).toContain('<p class="pattern">Pattern <code>');
    expect(create).toContain('<dt>Auth</dt><dd>API key');
    expect(create).toContain('<dt>Idempotency-Key</dt><dd>required');
    expect(create).toContain('450 a minute per tenant environment');
    expect(create).toContain('<code>would_overdraw</code>');
    expect(create).toContain('Response 200');
    // Markdown of the description rendered, its HTML escaped as the guides' is.
    expect(create).toContain('409 would_overdraw');
    const markets = (await page('/docs/reference/markets')).html;
    expect(markets).toMatch(/<code class="name">limit<\/code>[^]*?from 1 to 500; default <code>50<\/code>/);
  });

  it('serve what the guides link to, and every link of the reference resolves', async () => {
    const anchors = operationAnchors(doc);
    const guides = await readGuides();
    const names = new Set(guides.map((g) => g.name));
    const targets = new Set(anchors.values());
    for (const guide of guides)
      for (const [, href] of renderGuide(guide.source, names, anchors).html.matchAll(
        /href="(\/docs\/reference[^"]*)"/g,
      ))
        targets.add(href!.replaceAll('&amp;', '&'));
    expect(targets.size).toBeGreaterThan(40);
    const pages = ['/docs/reference', ...new Set(operations().map((o) => o.page)), '/docs/reference/webhooks'];
    for (const at of pages) {
      const { html } = await page(at);
      // The icon link (data:,) is no link a reader follows.
      for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*)"/g))
        targets.add(href!.startsWith('#') ? `${at}${href}` : href!);
    }
    const broken: string[] = [];
    for (const target of targets) {
      expect(target, 'links stay on this origin').toMatch(/^\//);
      const [path, hash] = target.split('#') as [string, string | undefined];
      const { status, html } = await page(path);
      if (status !== 200 || (hash !== undefined && !ids(html).has(decodeURIComponent(hash)))) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  it('answer under the guides’ policy with one script of this origin, and /docs leads to the index', async () => {
    for (const at of ['/docs/reference', '/docs/reference/positions']) {
      const { html, headers } = await page(at);
      expect(headers.get('content-security-policy')).toContain("script-src 'self';");
      expect(headers.get('content-security-policy')).toContain("style-src 'self';");
      // Scripts are files of this origin (the guides' one, and any the docs' shell adds); nothing inline.
      const scripts = html.match(/<script[^>]*>/gi) ?? [];
      expect(scripts).toContain('<script src="/docs/guides.js" defer>');
      for (const script of scripts) expect(script).toMatch(/^<script src="\/docs\/[a-z.-]+\.js"/);
      expect(html).not.toMatch(/<script[^>]*>[^<]/i);
      expect(html).not.toMatch(/\sstyle="/);
      expect(html).toContain('<link rel="stylesheet" href="/docs/guides.css">');
    }
    const docs = await fetch(`${service.urls.live}/docs`, { redirect: 'manual' });
    expect(docs.status).toBe(302);
    expect(docs.headers.get('location')).toBe('/docs/reference');
    // An old Redoc anchor (/docs#tag/…) is on the index, for its script to take the reader on.
    expect((await page('/docs/reference')).html).toContain('tag/balance-sync/paths/~1v1~1balance-sync/post');
    const missing = await page('/docs/reference/no-such-resource');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('No such resource');
  });

  it('renders each page once per process, from the document app.swagger() gives', async () => {
    const copy = structuredClone(doc);
    let reads = 0;
    const app = Fastify();
    app.decorate('swagger', () => {
      reads += 1;
      return copy;
    });
    await app.register(apiReferenceRoutes());
    const first = await app.inject({ method: 'GET', url: '/docs/reference/users' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(escapeHtml(copy.paths['/v1/users/{external_user_id}'].put.summary));
    // A change to the document after the first answer shows nowhere: the pages were made once.
    copy.paths['/v1/users/{external_user_id}'].put.summary = 'Changed after the first answer';
    const again = await app.inject({ method: 'GET', url: '/docs/reference/users' });
    expect(again.body).toBe(first.body);
    await app.inject({ method: 'GET', url: '/docs/reference' });
    expect(reads).toBe(1);
    await app.close();
  });
});
