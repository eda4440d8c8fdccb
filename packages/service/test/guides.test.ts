import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsEnvironment, freePort, openMarketFor } from './docs-environment.js';
import { createTenant, startTestService, type TestService } from './helpers.js';
import { GUIDES_DIR, readGuides, SDK_README, type GuideFile } from '../src/http/guides/guide-files.js';
import { operationAnchors, renderGuide } from '../src/http/guides/render-guide.js';
import { generatedGuides } from '../scripts/docs-generate.js';

/**
 * The guides of docs/guides/ (issue 29): each rendered at /docs/guides/<name>, its links resolving, and its
 * `sh run` and `ts run` blocks run in order against this service, on a fresh tenant per guide, with the
 * environment docs/guides/README.md promises. A block that fails names its guide and line. Then as a
 * reader runs them: every guide in order, in one shell, on one tenant, with only the quickstart's variables.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const guides = await readGuides();
const only = process.env.GUIDE;

let service: TestService;
let doc: any;

beforeAll(async () => {
  service = await startTestService({ env: { RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1' } });
  doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json;
});
afterAll(() => service?.stop());

describe('the guides on /docs/guides', () => {
  it('serves every guide with its title and the navigation, on both listeners, under a policy with no inline script', async () => {
    expect(guides.length).toBeGreaterThan(0);
    for (const listener of ['sandbox', 'live'] as const) {
      for (const guide of guides) {
        expect(guide.source.startsWith('# '), `docs/guides/${guide.name}.md starts with its # title`).toBe(true);
        const res = await fetch(`${service.urls[listener]}/docs/guides/${guide.name}`);
        expect(res.status, guide.name).toBe(200);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain("script-src 'self';");
        const html = await res.text();
        // The scripts are files of this origin (the copy buttons, the search box); nothing inline.
        expect(html.match(/<script[^>]*>/gi)).toEqual([
          '<script src="/docs/guides.js" defer>',
          '<script src="/docs/search.js" type="module">',
        ]);
        for (const other of guides) expect(html).toContain(`href="/docs/guides/${other.name}"`);
        expect(html).toContain('href="/docs/reference"');
      }
    }
    const index = await fetch(`${service.urls.sandbox}/docs/guides`);
    expect(index.status).toBe(200);
    const css = await fetch(`${service.urls.sandbox}/docs/guides.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('prefers-color-scheme: dark');
  });

  it('answers a guide that does not exist with a 404 page, and /docs shows the way to the guides', async () => {
    for (const name of ['no-such-guide', 'README', '..%2Fpackage.json', 'x.svg']) {
      const res = await fetch(`${service.urls.sandbox}/docs/guides/${name}`);
      expect(res.status, name).toBe(404);
      expect(await res.text()).toContain('No such guide');
    }
    expect(await (await fetch(`${service.urls.sandbox}/docs/reference`)).text()).toContain('href="/docs/guides"');
  });

  it("serves a guide's SVG diagram under a policy of its own, and the SDK's README at /docs/sdk", async () => {
    const svgs = (await readdir(GUIDES_DIR)).filter((f) => f.endsWith('.svg'));
    for (const file of svgs) {
      const res = await fetch(`${service.urls.sandbox}/docs/guides/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const sdk = await fetch(`${service.urls.sandbox}/docs/sdk`);
    expect(sdk.status).toBe(existsSync(SDK_README) ? 200 : 404);
    if (sdk.status === 200) expect(await sdk.text()).toContain('@pm/sdk');
  });

  it('has no link to a guide or an operation that does not exist', () => {
    const names = new Set(guides.map((g) => g.name));
    const anchors = operationAnchors(doc);
    for (const guide of guides)
      expect(renderGuide(guide.source, names, anchors).brokenLinks, `docs/guides/${guide.name}.md`).toEqual([]);
  });

  it('shows raw HTML of a file as text and keeps <token>-like text', () => {
    const { html } = renderGuide(
      '# T\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n`Bearer <token>` and Bearer <token>\n\n[x](javascript:alert(1))',
      new Set(),
      new Map(),
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<code>Bearer &lt;token&gt;</code> and Bearer &lt;token&gt;');
    expect(html).not.toContain('href="javascript:');
  });
});

describe('the generated guides', () => {
  it('errors.md and rate-limits.md are what `npm run docs:generate` writes now', async () => {
    for (const [file, text] of Object.entries(generatedGuides(service.routes.sandbox))) {
      const where = path.join(GUIDES_DIR, file);
      if (process.env.UPDATE_DOCS === '1') await writeFile(where, text);
      const onDisk = await readFile(where, 'utf8').catch(() => '');
      expect(onDisk, `docs/guides/${file} is stale: run npm run docs:generate`).toBe(text);
    }
  });
});

interface Block {
  language: 'sh' | 'ts';
  line: number;
  code: string;
}

/** The `sh run` and `ts run` blocks of a guide, in order, with the line of their opening fence. */
function runnableBlocks(source: string): Block[] {
  return new MarkdownIt()
    .parse(source, {})
    .filter((t) => t.type === 'fence' && /^(sh|ts) run$/.test(t.info.trim()))
    .map((t) => ({ language: t.info.trim().slice(0, 2) as Block['language'], line: t.map![0]! + 1, code: t.content }));
}

const runnable = guides.filter((g) => runnableBlocks(g.source).length > 0 && (!only || g.name === only));

describe.skipIf(runnable.length === 0)('the runnable blocks of the guides', () => {
  it.each(runnable.map((g) => [g.name, g] as const))(
    '%s runs as written',
    async (_name, guide) => {
      const work = await mkdtemp(path.join(tmpdir(), `guide-${guide.name}-`));
      try {
        const env = await docsEnvironment(service, 'guide-market');
        await prepareDirectory(work);
        for (const block of runnableBlocks(guide.source)) await runBlock(guide, block, work, env);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      // Each block has 60 s; a guide of many blocks on a busy machine needs more than the default 30 s.
    },
    300_000,
  );
});

describe.skipIf(runnable.length === 0 || Boolean(only))('a reader who follows every guide', () => {
  it('runs every block of every guide in order in one shell, on one sandbox tenant, with only the variables the quickstart exports', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'guide-reader-'));
    try {
      // A sandbox-only reader: no live variables, no webhook URL or secret yet (the quickstart sets them).
      const tenant = await createTenant(service);
      await openMarketFor(service, tenant.tenantId, 'guide-market');
      const port = await freePort();
      await prepareDirectory(work);
      let script = 'set -euo pipefail\n';
      for (const guide of guides) {
        for (const block of runnableBlocks(guide.source)) {
          script += `echo '=== docs/guides/${guide.name}.md:${block.line}'\n`;
          if (block.language === 'sh') {
            script += `${block.code}\n`;
          } else {
            const file = path.join(work, `${guide.name}-${block.line}.ts`);
            await writeFile(file, block.code);
            // What `npx tsx file.ts` does in the reader's folder: only exported variables reach it.
            script += `node --conditions=pm-sdk-source --import tsx "${file}"\n`;
          }
        }
      }
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? tmpdir(),
        LANG: 'C.UTF-8',
        PM_BASE_URL: service.urls.sandbox,
        PM_API_KEY: tenant.sandboxKey,
        PM_WEBHOOK_PORT: String(port),
        PM_WEBHOOK_URL: `http://127.0.0.1:${port}/webhooks`,
      };
      const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
        execFile(
          'bash',
          [...BASH, script],
          { cwd: work, env, timeout: 480_000, maxBuffer: 16 * 1024 * 1024 },
          (error, stdout, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
        );
      });
      const failedIn = [...result.output.matchAll(/^=== (.+)$/gm)].at(-1)?.[1];
      expect(result.code, `${failedIn}: failed for a reader:\n${result.output.slice(-3000)}`).toBe(0);
      // The live checks say they were skipped rather than fail.
      expect(result.output).toContain('skipped');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 600_000);
});

/**
 * How a block's shell starts. bash reads ~/.bashrc even for `-c` when its stdin is a socket (it takes that
 * for a remote shell), and node hands a child sockets for its stdio: on a machine whose ~/.bashrc sets up
 * pyenv or nvm that cost a second or more a block (this file took 235 s with it, 65 s without) and
 * could change PATH. `--norc` leaves a block the environment docs/guides/README.md promises, and nothing else.
 */
const BASH = ['--norc', '-c'];

/** TS blocks are ES modules that import `@pm/sdk` by name: the directory resolves packages as the repository does. */
async function prepareDirectory(work: string) {
  await writeFile(path.join(work, 'package.json'), '{ "private": true, "type": "module" }\n');
  await symlink(path.join(REPO, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  await mkdir(path.join(work, '.state'));
}

/**
 * One block in its own process. Shell state is handed on as the exported variables of the last block that
 * succeeded (every assignment is exported while a block runs); a TS block runs under that state too.
 */
async function runBlock(guide: GuideFile, block: Block, work: string, env: Record<string, string>) {
  const state = path.join(work, '.state', 'env.sh');
  const where = `docs/guides/${guide.name}.md:${block.line}`;
  let script: string;
  if (block.language === 'sh') {
    script = `set -a\n[ -f "${state}" ] && . "${state}"\nset -euo pipefail\n${block.code}\nexport -p > "${state}"\n`;
  } else {
    const file = path.join(work, `block-${block.line}.ts`);
    await writeFile(file, block.code);
    // The SDK's source when it is not built (its `pm-sdk-source` export condition), its build otherwise.
    script = `set -a\n[ -f "${state}" ] && . "${state}"\nset +a\nexec node --conditions=pm-sdk-source --import tsx "${file}"\n`;
  }
  const started = Date.now();
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      'bash',
      [...BASH, script],
      { cwd: work, env, timeout: 60_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
  if (process.env.GUIDE_TIMES === '1') console.log(`${where}: ${Date.now() - started} ms`, result.output);
  expect(result.code, `${where}: the ${block.language} block failed:\n${result.output.slice(-3000)}`).toBe(0);
  // The live variables are set here: a live check must run, not say it was skipped.
  expect(result.output, `${where}: a check was skipped`).not.toMatch(/skipped/);
}
