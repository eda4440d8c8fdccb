import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';
import { precompress, type Precompressed } from '../../lib/precompress.js';
import { sendPrecompressed } from '../precompressed.js';
import { guidesRoutes } from './guides.js';

/**
 * The API reference at /docs on the sandbox and live listeners (issue 15): the served OpenAPI document
 * (/v1/openapi.json) rendered by Redoc, whose standalone bundle is served from here, never a CDN. Redoc
 * because it renders OpenAPI 3.1 `webhooks`, every response with its error codes and the examples, is
 * read-only (no "try it" console sending API keys from a browser, where a key must never be) and has no
 * telemetry in its 2.x line.
 */
const VIEWER = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

/**
 * Redoc's options (its documented `Redoc.init` options) and a theme whose text and links keep a 4.5:1
 * contrast, the WCAG AA level the axe scan checks.
 */
const OPTIONS = {
  hideDownloadButton: false,
  // The curl and @pm/sdk samples first, the bare payload after them.
  payloadSampleIdx: 2,
  expandResponses: '200,201,202',
  requiredPropsFirst: true,
  sortPropsAlphabetically: false,
  jsonSampleExpandLevel: 3,
  theme: {
    colors: {
      primary: { main: '#1f4fbf' },
      success: { main: '#1b6b34' },
      warning: { main: '#8a4b00' },
      error: { main: '#b3261e' },
      text: { primary: '#1c1f26', secondary: '#3b4252' },
      http: {
        get: '#1b6b34',
        post: '#1f4fbf',
        put: '#6a3fb5',
        delete: '#b3261e',
        options: '#3b4252',
        patch: '#8a4b00',
        basic: '#3b4252',
        link: '#1f4fbf',
        head: '#3b4252',
      },
    },
    sidebar: { backgroundColor: '#f4f5f7', textColor: '#1c1f26', activeTextColor: '#1f4fbf' },
    rightPanel: { backgroundColor: '#1c1f26', textColor: '#f4f5f7' },
    codeBlock: { backgroundColor: '#11131a' },
    typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' } },
  },
};

function page(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Operator API reference · prediction markets</title>
<link rel="icon" href="data:,">
<style>
body { margin: 0; }
.docs-top { display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 12px 24px;
  border-bottom: 1px solid #d8dbe2; background: #ffffff; font: 16px/1.5 system-ui, sans-serif; }
.docs-top a { color: #1f4fbf; text-decoration: none; font-weight: 500; }
.docs-top .brand { color: #1c1f26; font-weight: 700; }
.docs-top nav { display: flex; gap: 20px; }
.docs-top a[aria-current='page'] { text-decoration: underline; text-decoration-thickness: 2px; }
</style>
</head>
<body>
<header class="docs-top">
<a class="brand" href="/docs/guides">Operator docs</a>
<nav aria-label="Documentation"><a href="/docs/guides">Guides</a><a href="/docs" aria-current="page">API reference</a></nav>
</header>
<main id="reference"><p>Loading the reference of <a href="/v1/openapi.json">/v1/openapi.json</a>…</p></main>
<script src="/docs/redoc.standalone.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;
}

/**
 * Kept out of the page so the page's policy can forbid inline scripts. Redoc's code samples scroll
 * sideways, so each gets a tabindex: a keyboard user can then scroll them (axe: scrollable-region-focusable).
 */
const INIT = `
const focusable = () => document.querySelectorAll('pre:not([tabindex])').forEach((pre) => pre.setAttribute('tabindex', '0'));
new MutationObserver(focusable).observe(document.getElementById('reference'), { childList: true, subtree: true });
Redoc.init('/v1/openapi.json', ${JSON.stringify(OPTIONS)}, document.getElementById('reference'));
`;

/**
 * Redoc styles itself with inline style elements and runs its search in a worker made from a blob, so the
 * policy allows those and nothing else from anywhere but this origin.
 */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Redoc's bundle (1.1 MB; 0.27 MB in brotli 11, which takes about 1.5 s) is read and compressed on the
 * first request for it, once per process: most starts (tests, workers) never serve it. The one thing the
 * bundle would fetch from elsewhere is its attribution logo: without an address it fails at once, and
 * Redoc leaves it out.
 */
let viewer: Promise<Precompressed> | undefined;
const viewerFiles = () =>
  (viewer ??= readFile(VIEWER, 'utf8').then((text) => precompress(Buffer.from(text.replaceAll(REDOC_LOGO, '')))));

export function apiReferenceRoutes(): FastifyPluginAsync {
  return async (app) => {
    await app.register(guidesRoutes());
    const meta = { config: { meta: { tier: 'public', credential: 'none' } }, schema: { hide: true } } as const;
    app.get('/docs', meta, async (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(page()),
    );
    app.get('/docs/init.js', meta, async (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
    );
    app.get('/docs/redoc.standalone.js', { ...meta, compress: false }, async (request, reply) => {
      const files = await viewerFiles();
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return sendPrecompressed(request, reply, files);
    });
  };
}
