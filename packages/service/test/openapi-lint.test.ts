import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';

let service: TestService;
let dir: string;
let documentPath: string;

const ROOT = join(import.meta.dirname, '../../..');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

beforeAll(async () => {
  service = await startTestService();
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  documentPath = join(dir, 'openapi.json');
  const res = await service.api('sandbox', 'GET', '/v1/openapi.json');
  await writeFile(documentPath, JSON.stringify(res.json));
});
afterAll(async () => {
  await service.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Findings allowed, each explained in docs/api-lint.md. */
const REDOCLY_EXCEPTIONS = ['operation-4xx-response at #/paths/~1v1~1changelog/get/responses'];

/** Runs a linter that exits non-zero on findings; its report either way. */
async function run(command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (!stdout) throw new Error(`${command} failed: ${stderr}`);
    return stdout;
  }
}

describe('the served OpenAPI document, by outside linters (docs/api-lint.md)', () => {
  it('has no Spectral finding (spectral:oas) beyond the ruleset’s explained exceptions', async () => {
    const out = await run(bin('spectral'), [
      'lint',
      documentPath,
      '--ruleset',
      '.spectral.yaml',
      '--format',
      'json',
      '--quiet',
    ]);
    const findings = JSON.parse(out || '[]') as { code: string; message: string; path: string[]; severity: number }[];
    expect(findings.map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`)).toEqual([]);
  }, 60_000);

  it('has no Redocly finding (recommended rules) beyond the config’s explained exceptions', async () => {
    const out = await run(bin('redocly'), ['lint', documentPath, '--config', 'redocly.yaml', '--format', 'json']);
    const report = JSON.parse(out) as {
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const found = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}`);
    expect(found.filter((finding) => !REDOCLY_EXCEPTIONS.includes(finding))).toEqual([]);
  }, 60_000);
});
