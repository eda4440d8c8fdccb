import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { docsEnvironment } from '../../service/test/docs-environment.js';
import type { TestService } from '../../service/test/helpers.js';

/**
 * The runnable blocks of the SDK's page, docs/sdk.md (fences ```` ```ts run ````, served at /docs/sdk), and
 * the environment they are promised (its introduction): the conventions of docs/guides/README.md.
 */
export interface Block {
  /** The line of its opening fence. */
  line: number;
  /** The `## ` section it is in. */
  section: string;
  code: string;
}

export const README = new URL('../../../docs/sdk.md', import.meta.url);

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

/** The environment the page's blocks are promised: the guides' (docs/guides/README.md). */
export const readmeEnvironment = (service: TestService) => docsEnvironment(service, 'sdk-readme');

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

/**
 * The tsconfig of an operator's project as the docs' TypeScript is checked in: strict, Node's types and
 * no DOM library, the SDK from its source; over the files `include` names.
 */
export function userProjectTsconfig(include: string): object {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022'],
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      customConditions: ['pm-sdk-source'],
    },
    include: [include],
  };
}
