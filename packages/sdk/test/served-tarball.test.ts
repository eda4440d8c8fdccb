import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService } from '../../service/test/helpers.js';
import { run } from './readme-blocks.js';

/**
 * The one way to get the SDK (docs/sdk.md, "Install"): the listeners serve its package file at
 * /docs/sdk/pm-sdk-<version>.tgz, packed by `npm pack` as `npm run build:sdk` does (here into a scratch
 * directory, from a copy of the package, so the working tree is left alone); `npm install <that URL>`
 * in a project of its own gives a client with the resource methods; and every page that says how to
 * install it says the same line.
 */
const SDK = fileURLToPath(new URL('../', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const { version } = JSON.parse(await readFile(path.join(SDK, 'package.json'), 'utf8')) as { version: string };
const FILE = `pm-sdk-${version}.tgz`;
/** The install line, the same on every page that says how to get the SDK. */
const INSTALL = `npm install "$PM_BASE_URL/docs/sdk/${FILE}"`;
let service: TestService;
let work: string;

const cleanEnv = (extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)) as [string, string][]),
  npm_config_update_notifier: 'false',
  ...extra,
});

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sdk-served-'));
  const source = path.join(work, 'sdk');
  await mkdir(source);
  for (const name of ['package.json', 'tsconfig.build.json', 'README.md', 'src'])
    await cp(path.join(SDK, name), path.join(source, name), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), path.join(source, 'node_modules'), 'dir');
  const pack = path.join(work, 'pack');
  await mkdir(pack);
  const packed = await run('npm', ['pack', '--pack-destination', pack], {
    cwd: source,
    env: cleanEnv(),
    timeoutMs: 90_000,
  });
  expect(packed.code, packed.output).toBe(0);
  service = await startTestService({ sdkPackDir: pack });
}, 120_000);
afterAll(async () => {
  await service?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the SDK served by the service', () => {
  it('is at /docs/sdk/pm-sdk-<version>.tgz on the sandbox and live listeners, and nothing else is', async () => {
    for (const base of [service.urls.sandbox, service.urls.live]) {
      const answer = await fetch(`${base}/docs/sdk/${FILE}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/gzip');
      expect(answer.headers.get('x-sdk-version')).toBe(version);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]); // gzip
    }
    const other = await fetch(`${service.urls.sandbox}/docs/sdk/pm-sdk-0.0.0.tgz`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: 'not_found' });
  });

  it('installs with npm install <its URL> and exports the client with its resource methods', async () => {
    const project = path.join(work, 'operator');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), '{ "name": "operator", "private": true, "type": "module" }\n');
    const url = `${service.urls.sandbox}/docs/sdk/${FILE}`;
    // The line of the docs, run in a shell with PM_BASE_URL set; the SDK's dependencies from npm's cache.
    const installed = await run(
      'bash',
      ['--norc', '-c', `${INSTALL} --prefer-offline --no-audit --no-fund --ignore-scripts`],
      { cwd: project, env: cleanEnv({ PM_BASE_URL: service.urls.sandbox }), timeoutMs: 90_000 },
    );
    expect(installed.code, installed.output).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'));
    expect(manifest.dependencies['@pm/sdk']).toBe(url);

    const tenant = await createTenant(service);
    await writeFile(
      path.join(project, 'check.mjs'),
      [
        "import { createOperatorClient, ApiError } from '@pm/sdk';",
        'const pm = createOperatorClient({ baseUrl: process.env.PM_BASE_URL, credential: process.env.PM_API_KEY });',
        'const markets = await pm.markets.list();',
        "const missing = await pm.markets.retrieve('no-such-market').catch((e) => e);",
        'console.log(JSON.stringify({ list: Array.isArray(markets.data), thrown: missing instanceof ApiError && missing.code, close: pm.positions.close.operationId }));',
      ].join('\n'),
    );
    const env = cleanEnv({ PM_BASE_URL: service.urls.sandbox, PM_API_KEY: tenant.sandboxKey });
    const ran = await run('node', ['check.mjs'], { cwd: project, env, timeoutMs: 30_000 });
    expect(ran.code, ran.output).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ list: true, thrown: 'not_found', close: 'positions.close' });
  }, 120_000);

  it('is installed the same way on every page that says how', async () => {
    const pages = ['docs/sdk.md', 'packages/sdk/README.md', 'docs/guides/quickstart.md', 'README.md'];
    for (const page of pages) {
      const text = await readFile(path.join(REPO, page), 'utf8');
      expect(text, page).toContain(INSTALL);
      const lines = text.split('\n').filter((line) => /npm install\b/.test(line) && /pm-sdk|@pm\/sdk|tgz/.test(line));
      for (const line of lines) expect(line.trim(), page).toContain(INSTALL);
    }
    const doc = (await service.api('sandbox', 'GET', '/v1/openapi.json')).json as { info: { description: string } };
    expect(doc.info.description).toContain(INSTALL);
  });
});
