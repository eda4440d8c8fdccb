import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { expect } from 'vitest';
import { createTenant, type TestService } from '../../service/test/helpers.js';

/**
 * The runnable blocks of packages/sdk/README.md (fences ```` ```ts run ````) and the environment they are
 * promised (its introduction): the conventions of docs/guides/README.md, for the SDK's own page.
 */
export interface Block {
  /** The line of its opening fence. */
  line: number;
  /** The `## ` section it is in. */
  section: string;
  code: string;
}

export const README = new URL('../README.md', import.meta.url);

export async function readmeBlocks(): Promise<Block[]> {
  const lines = (await readFile(README, 'utf8')).split('\n');
  const blocks: Block[] = [];
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.startsWith('## ')) section = lines[i]!.slice(3).trim();
    if (lines[i]!.trim() !== '```ts run') continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ line: i + 1, section, code: `${lines.slice(i + 1, end).join('\n')}\n` });
    i = end;
  }
  return blocks;
}

/** A fresh tenant with an open market enabled and its sandbox webhooks going to a free local port. */
export async function readmeEnvironment(service: TestService): Promise<Record<string, string>> {
  const tenant = await createTenant(service);
  const now = Date.now();
  const market = await service.platform('POST', '/platform/v1/markets', {
    slug: `sdk-readme-${process.pid}-${now}`,
    title: 'Will the home team win the final?',
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: new Date(now - 3_600_000).toISOString(),
    closes_at: new Date(now + 30 * 86_400_000).toISOString(),
    max_stake_per_position: '100.00',
    max_open_stake_per_user: '500.00',
    liquidity: '100',
  });
  expect(market.status, market.text).toBe(201);
  const tenantPath = `/platform/v1/tenants/${tenant.tenantId}`;
  expect((await service.platform('PUT', `${tenantPath}/markets/${market.json.slug}`)).status).toBe(200);
  const port = await freePort();
  const environment = `${tenantPath}/environments/sandbox`;
  const settings = await service.platform('PUT', environment, { webhook_url: `http://127.0.0.1:${port}/webhooks` });
  expect(settings.status, settings.text).toBe(200);
  const secret = await service.platform('POST', `${environment}/webhook-secret`);
  expect(secret.status, secret.text).toBe(201);
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    LANG: 'C.UTF-8',
    PM_BASE_URL: service.urls.sandbox,
    PM_API_KEY: tenant.sandboxKey,
    PM_WEBHOOK_SECRET: secret.json.webhook_secret,
    PM_WEBHOOK_PORT: String(port),
  };
}

/** Runs a command to its end (at most `timeoutMs`): its exit code, its stdout, and both outputs. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, env: options.env ?? process.env, timeout: options.timeoutMs ?? 60_000, maxBuffer: 8 << 20 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) || 1 : 0,
          stdout,
          output: `${stdout}${stderr}`,
        }),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
