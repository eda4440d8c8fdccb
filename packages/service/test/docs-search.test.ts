import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

/** The result links of a search page, in order (not the sidebar's). */
const resultLinks = (html: string) =>
  [...(/<ol class="search-page">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '').matchAll(/<li><a href="([^"]+)">/g)].map(
    (m) => m[1],
  );

const page = async (path: string) => {
  const res = await fetch(`${service.urls.sandbox}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('searching the docs', () => {
  it('lists every guide section and every operation and webhook event of the reference as an entry', async () => {
    const res = await page('/docs/search.json');
    expect(res.status).toBe(200);
    const entries = JSON.parse(res.text) as { id: number; url: string; title: string; where: string; text: string }[];
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
    for (const item of Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)) {
      for (const operation of Object.values(item)) {
        if (!operation.operationId) continue;
        const [resource, verb] = operation.operationId.split('.');
        const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
        expect(entries.map((e) => e.url)).toContain(`/docs/reference/${kebab(resource!)}#${kebab(verb!)}`);
      }
    }
    for (const type of Object.keys(doc.webhooks))
      expect(entries.map((e) => e.url)).toContain(`/docs/reference/webhooks#${type}`);
    expect(entries.some((e) => e.url.startsWith('/docs/guides/quickstart#'))).toBe(true);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it('answers a query on the server, best first, with the route and the guide section that say it', async () => {
    const res = await page('/docs/search?q=balance%20sync%20batch');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/text\/html/);
    const links = resultLinks(res.text);
    expect(links.slice(0, 3)).toContain('/docs/reference/balance-sync#create-batch');
    expect(links.slice(0, 3)).toContain('/docs/guides/money-model#many-movements-post-v1balance-syncbatch');
    const code = await page('/docs/search?q=idempotency_key_in_progress');
    const codeLinks = resultLinks(code.text);
    expect(codeLinks.slice(0, 3)).toContain('/docs/guides/errors#every-code');
  });

  it('finds a word typed with a slip, and says so when nothing matches, with a way on', async () => {
    const slip = await page('/docs/search?q=reconcilation');
    expect(resultLinks(slip.text)[0]).toBe('/docs/reference/reconciliation#list-discrepancies');
    const none = await page('/docs/search?q=zzqxv');
    expect(none.text).toContain('Nothing in the guides or the reference matches');
    expect(none.text).toContain('href="/docs/guides"');
    const blank = await page('/docs/search');
    expect(blank.text).toContain('Type what you are looking for');
  });

  it('shows a query as text, never as markup, and takes at most 200 characters of it', async () => {
    const res = await page(`/docs/search?q=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('&lt;script&gt;');
    const long = await page(`/docs/search?q=${'a'.repeat(5000)}`);
    expect(long.status).toBe(200);
    expect(long.text).toContain(`value="${'a'.repeat(200)}"`);
    expect(long.text).not.toContain('a'.repeat(201));
  });

  it('serves its script and MiniSearch from this origin, the library compressed', async () => {
    const script = await page('/docs/search.js');
    expect(script.type).toMatch(/javascript/);
    expect(script.text).toContain("import('/docs/minisearch.js')");
    const res = await fetch(`${service.urls.sandbox}/docs/minisearch.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('export');
  });
});
