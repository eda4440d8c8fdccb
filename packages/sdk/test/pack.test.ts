import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../service/test/helpers.js';
import { readmeBlocks, readmeEnvironment, run } from './readme-blocks.js';

/**
 * The SDK as an operator gets it (issue 29): `npm pack` (which builds dist/ first), the tarball installed
 * with npm into a scratch project of its own, and the quickstart of the SDK's page (docs/sdk.md) type checked there (Node's
 * types, no DOM library) and run with plain node against a started service. The package is packed from a
 * copy, so the working tree gets no dist/ and no tarball.
 */
const SDK = fileURLToPath(new URL('../', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
let service: TestService;
let work: string;

/** The environment of a shell outside the repository: no npm_* variables of the npm run that started vitest. */
const cleanEnv = (extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)) as [string, string][]),
  npm_config_update_notifier: 'false',
  ...extra,
});

beforeAll(async () => {
  service = await startTestService({ env: { RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1' } });
  work = await mkdtemp(path.join(tmpdir(), 'sdk-pack-'));
});
afterAll(async () => {
  await service?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('npm pack of the SDK', () => {
  it('installs from its tarball and runs the SDK page’s quickstart', async () => {
    // 1. The package's own files, packed; its build resolves typescript and @types/node from the repo.
    const source = path.join(work, 'sdk');
    await mkdir(source);
    for (const name of ['package.json', 'tsconfig.build.json', 'README.md', 'src'])
      await cp(path.join(SDK, name), path.join(source, name), { recursive: true });
    await symlink(path.join(REPO, 'node_modules'), path.join(source, 'node_modules'), 'dir');
    const packed = await run('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: source,
      env: cleanEnv(),
      timeoutMs: 90_000,
    });
    expect(packed.code, packed.output).toBe(0);
    const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[\n'))) as [
      { filename: string; files: { path: string }[] },
    ];
    const files = info.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts']));
    expect(files.filter((f) => !f.startsWith('dist/') && !['README.md', 'package.json'].includes(f))).toEqual([]);
    expect(files).not.toContain('dist/generate.js');

    // 2. A scratch project that installs the tarball with npm, as an operator would.
    const project = path.join(work, 'operator');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), '{ "name": "operator", "private": true, "type": "module" }\n');
    const installed = await run(
      'npm',
      ['install', path.join(work, info.filename), '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
      { cwd: project, env: cleanEnv(), timeoutMs: 90_000 },
    );
    expect(installed.code, installed.output).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(project, 'node_modules/@pm/sdk/package.json'), 'utf8'));
    expect(manifest).toMatchObject({ license: 'MIT', engines: { node: '>=20' }, types: './dist/index.d.ts' });
    expect(manifest.private).toBeUndefined();
    // The pm-listen command (docs/sdk.md) comes with it: npm links the bin, and it runs with plain node.
    expect(manifest.bin).toEqual({ 'pm-listen': './dist/pm-listen.js' });
    const help = await run(path.join(project, 'node_modules/.bin/pm-listen'), ['--help'], {
      cwd: project,
      env: cleanEnv(),
    });
    expect(help.code, help.output).toBe(0);
    expect(help.stdout).toContain('Usage: pm-listen --forward-to <url>');

    // 3. The quickstart, type checked against the installed declarations (no DOM library) ...
    const quickstart = (await readmeBlocks()).find((b) => b.section === 'Quickstart')!;
    await writeFile(path.join(project, 'quickstart.ts'), quickstart.code);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022'],
        types: ['node'],
        typeRoots: [path.join(REPO, 'node_modules/@types')],
        strict: true,
        noEmit: true,
      },
      files: ['quickstart.ts'],
    };
    await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
    const typed = await run('node', [tsc, '-p', project], { cwd: project, env: cleanEnv(), timeoutMs: 90_000 });
    expect(typed.code, typed.output).toBe(0);

    // ... and run with plain node (the types stripped), the package resolved from node_modules.
    const js = ts.transpileModule(quickstart.code, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false },
    }).outputText;
    await writeFile(path.join(project, 'quickstart.mjs'), js);
    const env = cleanEnv(await readmeEnvironment(service));
    const ran = await run('node', ['quickstart.mjs'], { cwd: project, env, timeoutMs: 60_000 });
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toMatch(/u-1001 opened 5\.00/);
  }, 180_000);
});
