import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../service/test/helpers.js';
import { readmeBlocks, readmeEnvironment, run, userProjectTsconfig } from './readme-blocks.js';

/**
 * docs/sdk.md, the SDK's page (/docs/sdk), as a reader runs it (issue 29): its `ts run` blocks in order, each in its own
 * process, against a started service with the environment the page promises; and all of them type
 * checked as a user's project would (Node's types, no DOM library, strict).
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const blocks = await readmeBlocks();
let service: TestService;
let work: string;

beforeAll(async () => {
  service = await startTestService({ env: { RUN_WORKERS: '1', ALLOW_INSECURE_WEBHOOKS: '1' } });
  work = await mkdtemp(path.join(tmpdir(), 'sdk-readme-'));
  await writeFile(path.join(work, 'package.json'), '{ "private": true, "type": "module" }\n');
  await symlink(path.join(REPO, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  for (const block of blocks) await writeFile(path.join(work, `block-${block.line}.ts`), block.code);
});
afterAll(async () => {
  await service?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the SDK page (docs/sdk.md)', () => {
  it('has the sections it promises, each runnable one with a block', () => {
    const sections = new Set(blocks.map((b) => b.section));
    for (const section of ['Quickstart', 'Retries', 'Lists and the event feed', 'Reports', 'Webhooks'])
      expect(sections, section).toContain(section);
    expect(blocks.filter((b) => b.section === 'Webhooks').map((b) => b.code.split('\n')[0])).toEqual([
      expect.stringContaining('node:http'),
      expect.stringContaining('express'),
      expect.stringContaining('fastify'),
    ]);
  });

  it('runs every ts run block in order against the service', async () => {
    const env = await readmeEnvironment(service);
    for (const block of blocks) {
      const file = path.join(work, `block-${block.line}.ts`);
      const result = await run('node', ['--conditions=pm-sdk-source', '--import', 'tsx', file], { cwd: work, env });
      expect(result.code, `docs/sdk.md:${block.line} (${block.section}) failed:\n${result.output.slice(-3000)}`).toBe(
        0,
      );
    }
  }, 120_000);

  it('type checks every block as a user’s project: strict, Node’s types, no DOM library', async () => {
    const tsconfig = userProjectTsconfig('block-*.ts');
    await writeFile(path.join(work, 'tsconfig.json'), JSON.stringify(tsconfig));
    const result = await run('node', [TSC, '-p', work], { cwd: work, timeoutMs: 90_000 });
    expect(result.code, result.output).toBe(0);
  }, 100_000);
});
